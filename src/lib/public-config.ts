/** What pages and islands may see of the configuration (rendered into every page as one payload). */
export interface PublicConfig {
  siteTitle: string;
  providerName: string;
  contactEmail: string;
  supportEmail: string;
  apiBase: string;
}

/** The element id of that payload: `<script type="application/json" id="app-config">`. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
