/** With JavaScript ON. See ./jam-buka-flow.ts. */
import { jamBukaSpecs } from "./jam-buka-flow";

jamBukaSpecs();
