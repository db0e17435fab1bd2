/**
 * The list's own few rules, inline (no request, nothing of the portal's stylesheet): readable from
 * 280 px wide, on a white ground whatever the embedding page's colours, in the system's font.
 */
export const EMBED_STYLE = `html{color-scheme:light;background:#fff;color:#1b1b1b;font:1rem/1.45 system-ui,sans-serif}
body{margin:0;padding:.75rem}
h1{font-size:1.2rem;margin:0 0 .5rem}
ul{list-style:none;margin:0;padding:0}
li{padding:.5rem 0;border-top:1px solid #d0d0d0;overflow-wrap:anywhere}
a{color:#0b4f8a;font-weight:600}
a:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}
p{margin:.15rem 0 0}
.k{color:#4a4a4a}
.x{color:#a0180f}
.x s{text-decoration-thickness:1px}
.m{font-style:italic}
.all{border-top:1px solid #d0d0d0;padding-top:.5rem;margin-top:0}`;
