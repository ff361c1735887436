/** With JavaScript ON. See ./draf-urutan-flow.ts. */
import { drafUrutanSpecs } from "./draf-urutan-flow";

drafUrutanSpecs(true);
