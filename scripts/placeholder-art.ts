/**
 * Tasteful stand-ins for the owner's photos: simple SVG scenes (gothic arches, the church spire, rooftops, warm
 * interiors) in a palette per room, rasterised by scripts/build-images.ts and shown until the owner uploads photos
 * in the admin area (the pages frame them as 'Photo to come'). No text is drawn, so no font is needed at build
 * time.
 */
type Scene = 'facade' | 'dusk' | 'interior' | 'view' | 'sauna' | 'bath' | 'stairs' | 'glass';

type Look = { scene: Scene; top: string; bottom: string; accent: string };

const LOOKS: Record<string, Look> = {
  exterior: { scene: 'facade', top: '#9fb8cc', bottom: '#e9e2d4', accent: '#6d6a66' },
  'exterior-dusk': { scene: 'dusk', top: '#1f2a44', bottom: '#c9785a', accent: '#2b2522' },
  'living-room': { scene: 'interior', top: '#d9c7ad', bottom: '#8a6b4e', accent: '#f6e7c8' },
  'living-space': { scene: 'interior', top: '#c8b59b', bottom: '#5f4b3b', accent: '#f3dfb8' },
  kitchen: { scene: 'interior', top: '#e6e0d6', bottom: '#7d7263', accent: '#fdf6e6' },
  'kitchen-table': { scene: 'interior', top: '#ddd2c0', bottom: '#6e5843', accent: '#fff2d6' },
  'master-bedroom': { scene: 'interior', top: '#d8cfc6', bottom: '#6f6258', accent: '#f7ecdf' },
  'double-bedroom': { scene: 'interior', top: '#cfd6d8', bottom: '#5d6b70', accent: '#eef3f2' },
  'twin-bedroom': { scene: 'interior', top: '#d9d4c4', bottom: '#6b6a55', accent: '#f4f0df' },
  staircase: { scene: 'stairs', top: '#cbbba5', bottom: '#4f4237', accent: '#efe2cc' },
  'tower-room': { scene: 'view', top: '#a9c2d6', bottom: '#5d6f7d', accent: '#e8eef2' },
  'tower-view': { scene: 'view', top: '#8fb1cc', bottom: '#43525e', accent: '#dde7ee' },
  bathroom: { scene: 'bath', top: '#d4d9d6', bottom: '#4d5654', accent: '#f1f4f2' },
  'cast-iron-bath': { scene: 'bath', top: '#d9cdbf', bottom: '#3f3a37', accent: '#f5ece0' },
  'entrance-hall': { scene: 'interior', top: '#c9bca8', bottom: '#4a4038', accent: '#eadcc4' },
  'roof-terrace': { scene: 'dusk', top: '#6f8fb0', bottom: '#e6b78d', accent: '#3a3430' },
  sauna: { scene: 'sauna', top: '#b97d4b', bottom: '#4a2a16', accent: '#ffcf8a' },
  'architectural-feature': { scene: 'glass', top: '#2d3b55', bottom: '#14161c', accent: '#d9a441' },
  'feature-sauna': { scene: 'sauna', top: '#c08552', bottom: '#3f2312', accent: '#ffd08f' },
  'feature-tower-room': { scene: 'view', top: '#9dbad2', bottom: '#56697a', accent: '#e6eef3' },
  'feature-roof-terrace': { scene: 'dusk', top: '#5f7fa3', bottom: '#eab487', accent: '#3a3430' },
  'feature-cast-iron-bath': { scene: 'bath', top: '#d8ccbd', bottom: '#3c3734', accent: '#f6ede1' },
  'feature-kitchen': { scene: 'interior', top: '#e4ddd2', bottom: '#766b5c', accent: '#fdf5e3' },
  'feature-master-bedroom': { scene: 'interior', top: '#d6cdc4', bottom: '#6c5f55', accent: '#f6eadc' },
};

const DEFAULT_LOOK: Look = { scene: 'interior', top: '#d6cdbf', bottom: '#5e5247', accent: '#f3e6cf' };

/** A pointed gothic arch window: x, y is the bottom-left corner. */
function arch(x: number, y: number, w: number, h: number, fill: string, opacity = 1): string {
  const r = w * 0.9;
  const top = y - h;
  const shoulder = top + w * 0.75;
  return `<path d="M${x} ${y} L${x} ${shoulder} A${r} ${r} 0 0 1 ${x + w / 2} ${top} A${r} ${r} 0 0 1 ${x + w} ${shoulder} L${x + w} ${y} Z" fill="${fill}" opacity="${opacity}"/>`;
}

function church(cx: number, ground: number, scale: number, fill: string, window: string): string {
  const s = scale;
  const nave = `<rect x="${cx - 260 * s}" y="${ground - 260 * s}" width="${360 * s}" height="${260 * s}" fill="${fill}"/>
    <path d="M${cx - 280 * s} ${ground - 255 * s} L${cx - 80 * s} ${ground - 400 * s} L${cx + 120 * s} ${ground - 255 * s} Z" fill="${fill}"/>`;
  const tower = `<rect x="${cx + 100 * s}" y="${ground - 520 * s}" width="${130 * s}" height="${520 * s}" fill="${fill}"/>
    <path d="M${cx + 90 * s} ${ground - 515 * s} L${cx + 165 * s} ${ground - 820 * s} L${cx + 240 * s} ${ground - 515 * s} Z" fill="${fill}"/>`;
  const windows = [
    arch(cx - 200 * s, ground - 60 * s, 50 * s, 130 * s, window, 0.85),
    arch(cx - 110 * s, ground - 60 * s, 50 * s, 130 * s, window, 0.85),
    arch(cx - 20 * s, ground - 60 * s, 50 * s, 130 * s, window, 0.85),
    arch(cx + 140 * s, ground - 380 * s, 50 * s, 110 * s, window, 0.7),
  ].join('');
  return nave + tower + windows;
}

function rooftops(width: number, ground: number, fill: string): string {
  let d = `M0 ${ground}`;
  let x = 0;
  let i = 0;
  while (x < width) {
    const w = 60 + ((i * 37) % 70);
    const h = 40 + ((i * 53) % 90);
    d += ` L${x} ${ground - h} L${x + w / 2} ${ground - h - 28} L${x + w} ${ground - h}`;
    x += w;
    i += 1;
  }
  d += ` L${width} ${ground} Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

function scene(look: Look, width: number, height: number): string {
  const { top, bottom, accent } = look;
  const u = width / 1600;
  switch (look.scene) {
    case 'facade':
    case 'dusk':
      return `${look.scene === 'dusk' ? `<circle cx="${width * 0.22}" cy="${height * 0.62}" r="${90 * u}" fill="#f4c27a" opacity="0.55"/>` : ''}
        ${rooftops(width, height * 0.92, look.scene === 'dusk' ? '#2a2420' : '#8d8a86')}
        ${church(width * 0.55, height * 0.95, u * (height / width) * 1.45, accent, look.scene === 'dusk' ? '#f5c46b' : '#cfd8e0')}
        <rect y="${height * 0.94}" width="${width}" height="${height * 0.06}" fill="${look.scene === 'dusk' ? '#1b1715' : '#76726d'}"/>`;
    case 'view':
      return `<rect x="${width * 0.08}" y="${height * 0.12}" width="${width * 0.84}" height="${height * 0.66}" rx="${8 * u}" fill="#dfe9f1" opacity="0.35"/>
        ${rooftops(width, height * 0.78, '#4d5a64')}
        <rect y="${height * 0.62}" width="${width}" height="${height * 0.04}" fill="#7f9db5" opacity="0.6"/>
        ${[0.08, 0.36, 0.64].map((f) => `<rect x="${width * (f + 0.27)}" y="${height * 0.12}" width="${14 * u}" height="${height * 0.66}" fill="${bottom}"/>`).join('')}
        <rect y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="${bottom}"/>`;
    case 'sauna':
      return `${Array.from({ length: 14 }, (_, i) => `<rect y="${(i * height) / 14}" width="${width}" height="${height / 14 - 4 * u}" fill="${i % 2 ? top : '#a86d3f'}" opacity="0.55"/>`).join('')}
        <rect x="${width * 0.1}" y="${height * 0.55}" width="${width * 0.8}" height="${height * 0.08}" fill="#6b3f20"/>
        <rect x="${width * 0.1}" y="${height * 0.78}" width="${width * 0.8}" height="${height * 0.08}" fill="#5a331a"/>
        <ellipse cx="${width * 0.5}" cy="${height * 0.2}" rx="${width * 0.35}" ry="${height * 0.18}" fill="${accent}" opacity="0.35"/>`;
    case 'bath':
      return `${arch(width * 0.38, height * 0.62, width * 0.24, height * 0.5, accent, 0.9)}
        <path d="M${width * 0.22} ${height * 0.66} Q${width * 0.5} ${height * 0.6} ${width * 0.78} ${height * 0.66} L${width * 0.74} ${height * 0.86} Q${width * 0.5} ${height * 0.9} ${width * 0.26} ${height * 0.86} Z" fill="#2e2a28"/>
        <rect x="${width * 0.27}" y="${height * 0.86}" width="${12 * u}" height="${height * 0.06}" fill="#2e2a28"/>
        <rect x="${width * 0.72}" y="${height * 0.86}" width="${12 * u}" height="${height * 0.06}" fill="#2e2a28"/>`;
    case 'stairs':
      return `${Array.from({ length: 9 }, (_, i) => `<rect x="${width * (0.2 + i * 0.06)}" y="${height * (0.9 - i * 0.08)}" width="${width * 0.5}" height="${height * 0.08}" fill="${accent}" opacity="${0.35 + i * 0.06}"/>`).join('')}
        ${arch(width * 0.72, height * 0.5, width * 0.12, height * 0.36, '#fff6e4', 0.8)}`;
    case 'glass':
      return `<circle cx="${width / 2}" cy="${height * 0.48}" r="${height * 0.36}" fill="${accent}" opacity="0.25"/>
        ${Array.from({ length: 12 }, (_, i) => {
          const a = (i * Math.PI) / 6;
          const x = width / 2 + Math.cos(a) * height * 0.22;
          const y = height * 0.48 + Math.sin(a) * height * 0.22;
          const colours = ['#c0392b', '#2e6da4', '#d9a441', '#3c8d5a'];
          return `<circle cx="${x}" cy="${y}" r="${height * 0.1}" fill="${colours[i % 4]}" opacity="0.7"/>`;
        }).join('')}
        <circle cx="${width / 2}" cy="${height * 0.48}" r="${height * 0.1}" fill="#f2d38a" opacity="0.9"/>`;
    default:
      return `${arch(width * 0.16, height * 0.7, width * 0.14, height * 0.45, accent, 0.85)}
        ${arch(width * 0.7, height * 0.7, width * 0.14, height * 0.45, accent, 0.85)}
        <rect x="${width * 0.36}" y="${height * 0.6}" width="${width * 0.28}" height="${height * 0.16}" rx="${18 * u}" fill="${bottom}" opacity="0.9"/>
        <rect y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="${bottom}"/>
        <ellipse cx="${width / 2}" cy="${height * 0.25}" rx="${width * 0.08}" ry="${height * 0.03}" fill="${accent}" opacity="0.8"/>`;
  }
}

/** The placeholder picture for one photo id at the given size, as SVG. */
export function placeholderSvg(id: string, width: number, height: number): string {
  const look = LOOKS[id] ?? DEFAULT_LOOK;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${look.top}"/><stop offset="1" stop-color="${look.bottom}"/></linearGradient>
  <radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  ${scene(look, width, height)}
  <rect width="${width}" height="${height}" fill="url(#v)"/>
</svg>`;
}
