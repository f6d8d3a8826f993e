import type { SECTIONS } from './sections.js';

/** One of the console's sections (sections.js). */
export type Section = (typeof SECTIONS)[number];
export type SectionName = Section['name'];
