/**
 * A tiny message layout: a message is a heading and a few blocks, rendered once as HTML (inline styles, tables,
 * as mail clients want) and once as plain text, so the two parts always say the same thing.
 */

export type Inline = string | { href: string; label: string };
export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'heading'; text: string }
  | { kind: 'rows'; rows: { label: string; value: string; strong?: boolean }[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'button'; href: string; label: string };

export type MessageBody = {
  subject: string;
  /** The line mail clients show beside the subject. */
  preheader: string;
  heading: string;
  blocks: Block[];
  signOff: string[];
};

export type RenderedMessage = { subject: string; html: string; text: string };

export const p = (...content: Inline[]): Block => ({ kind: 'paragraph', content });
export const h = (text: string): Block => ({ kind: 'heading', text });
export const rows = (...items: { label: string; value: string; strong?: boolean }[]): Block => ({
  kind: 'rows',
  rows: items,
});
export const list = (...items: (Inline | Inline[])[]): Block => ({
  kind: 'list',
  items: items.map((item) => (Array.isArray(item) ? item : [item])),
});
export const button = (label: string, href: string): Block => ({ kind: 'button', href, label });
export const link = (label: string, href: string): Inline => ({ href, label });
export const mailto = (address: string): Inline => ({ href: `mailto:${address}`, label: address });

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const COLOURS = { ink: '#2b2320', muted: '#6b5f58', accent: '#7a4b2a', line: '#e8dfd6', paper: '#faf6f1' };
const FONT = "Georgia, 'Times New Roman', serif";

function inlineHtml(content: Inline[]): string {
  return content
    .map((part) =>
      typeof part === 'string'
        ? escapeHtml(part)
        : `<a href="${escapeHtml(part.href)}" style="color:${COLOURS.accent}">${escapeHtml(part.label)}</a>`,
    )
    .join('');
}

function inlineText(content: Inline[]): string {
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part.href.startsWith('mailto:') || part.label === part.href) return part.label;
      return `${part.label} (${part.href})`;
    })
    .join('');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.6">${inlineHtml(block.content)}</p>`;
    case 'heading':
      return `<h2 style="margin:28px 0 12px;font-size:18px;color:${COLOURS.accent}">${escapeHtml(block.text)}</h2>`;
    case 'rows':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map((row) => {
          const weight = row.strong ? 'font-weight:bold;' : '';
          const border = `border-top:1px solid ${COLOURS.line};`;
          return `<tr><td style="padding:8px 0;${border}${weight}color:${COLOURS.muted}">${escapeHtml(row.label)}</td><td align="right" style="padding:8px 0;${border}${weight}">${escapeHtml(row.value)}</td></tr>`;
        })
        .join('')}</table>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.6">${block.items
        .map((item) => `<li style="margin:0 0 6px">${inlineHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'button':
      return `<p style="margin:8px 0 20px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${COLOURS.accent};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px">${escapeHtml(block.label)}</a></p>`;
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return inlineText(block.content);
    case 'heading':
      return `${block.text}\n${'-'.repeat(block.text.length)}`;
    case 'rows': {
      const width = Math.max(...block.rows.map((row) => row.label.length)) + 2;
      return block.rows.map((row) => `${`${row.label}:`.padEnd(width)} ${row.value}`).join('\n');
    }
    case 'list':
      return block.items.map((item) => `* ${inlineText(item)}`).join('\n');
    case 'button':
      return `${block.label}: ${block.href}`;
  }
}

export function renderMessage(body: MessageBody): RenderedMessage {
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(body.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOURS.paper}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(body.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.paper}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLOURS.line};font-family:${FONT};font-size:16px;color:${COLOURS.ink}">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${COLOURS.line};font-size:14px;letter-spacing:2px;text-transform:uppercase;color:${COLOURS.accent}">The Tower &middot; Aberdeen</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 20px;font-size:24px;font-weight:normal">${escapeHtml(body.heading)}</h1>
${body.blocks.map(blockHtml).join('\n')}
<p style="margin:24px 0 0;line-height:1.6">${body.signOff.map(escapeHtml).join('<br>')}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = `${[body.heading, ...body.blocks.map(blockText), body.signOff.join('\n')].join('\n\n')}\n`;
  return { subject: body.subject, html, text };
}
