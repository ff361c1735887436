/** With JavaScript ON. See ./hapus-demo-flow.ts. */
import { hapusDemoSpecs } from "./hapus-demo-flow";

hapusDemoSpecs();
