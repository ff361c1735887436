/** Issue 14 §2 with JavaScript ON. See ./seo-flow.ts. */
import { seoSpecs } from "./seo-flow";

seoSpecs();
