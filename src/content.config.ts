import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Home, info and the /seite/<id> pages: one Markdown file per language (src/content/pages/<locale>/<id>.md). */
const pages = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/pages' }),
  schema: z.object({ title: z.string().min(1), description: z.string().min(50).max(160) }),
});

export const collections = { pages };
