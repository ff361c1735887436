import { createContext } from "react-router";

/** Per-request CSP nonce, set by the Express app and read by entry.server and root. */
export const nonceContext = createContext<string>("");
