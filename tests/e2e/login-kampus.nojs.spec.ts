/** With JavaScript OFF. See ./login-kampus-flow.ts. */
import { loginKampusSpecs } from "./login-kampus-flow";

loginKampusSpecs();
