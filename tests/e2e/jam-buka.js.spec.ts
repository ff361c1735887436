/** Issue 14 §4 with JavaScript ON. See ./jam-buka-flow.ts. */
import { jamBukaSpecs } from "./jam-buka-flow";

jamBukaSpecs();
