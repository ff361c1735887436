/** Issue 14 §5 with JavaScript OFF. See ./draf-urutan-flow.ts. */
import { drafUrutanSpecs } from "./draf-urutan-flow";

drafUrutanSpecs(false);
