import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, chmodSync, constants, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.ts';

/** Debian's nginx, where `apt-get install nginx` puts it. */
export const NGINX = '/usr/sbin/nginx';

/** Why nginx cannot be used here, or null when it can. */
export function nginxMissing(): string | null {
  try {
    accessSync(NGINX, constants.X_OK);
    return null;
  } catch {
    return `${NGINX} is not installed (apt-get install nginx)`;
  }
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx in front of `upstreams` (round robin), as docs/deployment.md configures it (without TLS), in a folder of
 * its own: its own prefix, pid, logs and temp files, in the foreground, so it never touches
 * /etc/nginx or a system nginx. Each answer names the process that gave it (X-Upstream).
 */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach their temp folders in here.
  chmodSync(prefix, 0o755);
  const port = await freePort();
  const servers = upstreams.map((url) => `server ${new URL(url).host};`).join(' ');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${path.join(prefix, kind)};`)
    .join(' ');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  ${temp}
  upstream portal { ${servers} keepalive 16; keepalive_timeout 4s; }
  server {
    listen 127.0.0.1:${port};
    gzip off;
    client_max_body_size 2m;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child = spawn(
    NGINX,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start:\n${log}`);
    const ready = await fetch(`${url}/api/publish_status`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) throw new Error(`nginx did not answer within 10 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT'); // nginx's graceful stop
        await once(child, 'exit');
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
