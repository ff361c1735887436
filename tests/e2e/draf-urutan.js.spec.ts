/** Issue 14 §5 with JavaScript ON. See ./draf-urutan-flow.ts. */
import { drafUrutanSpecs } from "./draf-urutan-flow";

drafUrutanSpecs(true);
