/// <reference types="astro/client" />
import type { Directory, DirectoryMunicipality } from './lib/directory/directory.ts';
import type { DirectoryPage } from './lib/directory/listing.ts';
import type { Places } from './lib/directory/places.ts';
import type { PageFiles } from './server/http/page-files.ts';

declare global {
  namespace App {
    /** What the server (src/server/http/server.ts) hands to pages rendered on demand. */
    interface Locals {
      /** The logged-in user of the request, looked up on first use. */
      // `operator`: issue 22, the console at /verwaltung is for operators only.
      sessionUser?: () => Promise<{ userId: string; email: string; gkz: string; operator: boolean } | null>;
      /** What a mailed link `/anmelden/<token>` is for; null for an unknown token. */
      tokenPurpose?: (token: string) => Promise<'confirm_email' | 'reset_password' | null>;
      /** A GET call of the API with the request's session (`get_account`): its `data`, or null when refused. */
      apiData?: (call: string) => Promise<unknown>;
      /** The rendered pages the server keeps on disk (src/server/http/page-files.ts). */
      pageFiles?: PageFiles;
      /** The directory as last published (src/server/directory/publisher.ts); the portal renders its pages from it. */
      published?: {
        version: string;
        directory: Directory;
        /** Every page by its path without a language prefix. */
        pages: ReadonlyMap<string, DirectoryPage>;
        /** What a page at a path (without a language prefix) shows, as a short hash: pages are kept by it. */
        pageVersion: (path: string) => string;
        /** What a kept search page shows, by its query (issue 52). */
        searchVersion: (params: URLSearchParams) => string;
        /** Every municipality on file by its code, with its directory entry when it has markets (issue 23). */
        municipalities: ReadonlyMap<string, { name: string; listed: DirectoryMunicipality | undefined }>;
        /** Every municipality on file, found by code, postcode or name, with its centre: the search's places (issue 52). */
        places: Places;
      };
    }
  }
}
