/**
 * `npm run email:preview`: writes every e-mail the site sends, as HTML and plain text (and the guest's .ics), to
 * .cache/email-preview/, to open in a browser or an editor. Uses SITE_URL and SITE_EMAIL from the environment.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { loadConfig } from '../src/server/config.ts';
import { previewMessages } from '../src/server/email/preview.ts';

dotenv.config({ quiet: true });
const config = loadConfig(process.env);
const outDir = fileURLToPath(new URL('../.cache/email-preview/', import.meta.url));
await mkdir(outDir, { recursive: true });

const index: string[] = [];
for (const { kind, message, attachments } of previewMessages(
  { siteUrl: config.siteUrl, siteEmail: config.siteEmail },
  new Date(),
)) {
  const name = kind.replaceAll('.', '-').replaceAll('_', '-');
  await writeFile(path.join(outDir, `${name}.html`), message.html);
  await writeFile(path.join(outDir, `${name}.txt`), `Subject: ${message.subject}\n\n${message.text}`);
  for (const attachment of attachments) {
    await writeFile(path.join(outDir, `${name}--${attachment.filename}`), attachment.content);
  }
  index.push(
    `<li><a href="${name}.html">${name}</a> (<a href="${name}.txt">text</a>): ${message.subject}</li>`,
  );
}
await writeFile(
  path.join(outDir, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>E-mail previews</title><h1>E-mail previews</h1><ul>${index.join('')}</ul>\n`,
);
console.info(
  `Wrote ${index.length} messages to ${path.relative(process.cwd(), outDir) || '.'}/ (open index.html)`,
);
