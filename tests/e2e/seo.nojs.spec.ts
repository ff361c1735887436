/** With JavaScript OFF. See ./seo-flow.ts. */
import { seoSpecs } from "./seo-flow";

seoSpecs();
