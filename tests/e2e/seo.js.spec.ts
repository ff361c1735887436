/** With JavaScript ON. See ./seo-flow.ts. */
import { seoSpecs } from "./seo-flow";

seoSpecs();
