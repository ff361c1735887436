/** With JavaScript OFF. See ./draf-urutan-flow.ts. */
import { drafUrutanSpecs } from "./draf-urutan-flow";

drafUrutanSpecs(false);
