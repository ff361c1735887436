/** Issue 14 §2 with JavaScript OFF. See ./seo-flow.ts. */
import { seoSpecs } from "./seo-flow";

seoSpecs();
