/**
 * Demo catalogue pictures, rendered locally: SVG scenes (wall, floor, light, a piece of
 * furniture from draw.ts) rasterised by sharp/librsvg and stored as mozjpeg JPEGs with the
 * sizes of spec section 9 (banner 1920×620, product 1024×1024).
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "../../app/lib/server/sharp-limits.server";
import { darken, drawFurniture, esc, lighten, mix, rng, type FurnitureSpec } from "./draw";

export const SIZES = {
  banner: { width: 1920, height: 620 },
  produk: { width: 1024, height: 1024 },
  galeri: { width: 1200, height: 900 },
  profil: { width: 1200, height: 800 },
} as const;

export type ImageFolder = keyof typeof SIZES;

const SANS = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const SERIF = "DejaVu Serif, Liberation Serif, Georgia, serif";

/** Wall colours of a bright showroom: cream, sand, sage, clay, mist. */
const WALLS = ["#f1e8da", "#e9dcc8", "#d5dcc8", "#ecd9c6", "#dfe3df", "#efe3d3", "#e3d6c4", "#d9e0d6"];
const FLOORS = ["#c9a57d", "#b98f63", "#d8c3a5", "#a98262", "#cdb89c"];

interface Room {
  wall: string;
  floor: string;
  floorY: number;
}

function roomDefs(r: Room, w: number, h: number): string {
  return `<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(r.wall, 0.35)}"/><stop offset="1" stop-color="${darken(r.wall, 0.04)}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(r.floor, 0.08)}"/><stop offset="1" stop-color="${lighten(r.floor, 0.12)}"/></linearGradient>
<radialGradient id="light" cx=".22" cy=".05" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".65" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#3a2a1a" stop-opacity=".22"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#2b1d10" stop-opacity=".38"/><stop offset=".55" stop-color="#2b1d10" stop-opacity=".16"/><stop offset="1" stop-color="#2b1d10" stop-opacity="0"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff4d6" stop-opacity=".8"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>
<linearGradient id="beam" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe2ea"/><stop offset="1" stop-color="#f4efe2"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#wall)"/>
<rect y="${r.floorY}" width="${w}" height="${h - r.floorY}" fill="url(#floor)"/>`;
}

function floorPlanks(r: Room, w: number, h: number, step = 90): string {
  let s = "";
  for (let y = r.floorY + 22, k = 0; y < h; y += 24 + k * 6, k++) {
    s += `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${darken(r.floor, 0.25)}" stroke-width="1.5" opacity=".35"/>`;
  }
  for (let x = -40; x < w; x += step) {
    s += `<line x1="${x}" y1="${r.floorY}" x2="${x - (x - w / 2) * 0.6}" y2="${h}" stroke="${darken(r.floor, 0.25)}" stroke-width="1.2" opacity=".18"/>`;
  }
  return s + `<rect y="${r.floorY - 14}" width="${w}" height="16" fill="${lighten(r.wall, 0.5)}"/><rect y="${r.floorY}" width="${w}" height="3" fill="#000" opacity=".08"/>`;
}

function windowOnWall(x: number, y: number, w: number, h: number, floorY: number): string {
  return `<polygon points="${x},${y + h} ${x + w},${y + h} ${x + w + w * 1.4},${floorY + 200} ${x + w * 0.2},${floorY + 200}" fill="url(#beam)"/>
<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" fill="#fbf8f1"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>
<path d="M${x} ${y + h} q${w * 0.3} -${h * 0.25} ${w * 0.6} -${h * 0.1} t${w * 0.4} -${h * 0.05} V${y + h} Z" fill="#a9bf9a" opacity=".7"/>
<rect x="${x + w / 2 - 5}" y="${y}" width="10" height="${h}" fill="#fbf8f1"/><rect x="${x}" y="${y + h / 2 - 5}" width="${w}" height="10" fill="#fbf8f1"/>
<rect x="${x - 24}" y="${y + h + 10}" width="${w + 48}" height="14" fill="#f3ede2"/>`;
}

function framedArt(x: number, y: number, w: number, h: number, accent: string, wood: string): string {
  return `<rect x="${x + 6}" y="${y + 10}" width="${w}" height="${h}" fill="#000" opacity=".08"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${wood}"/>
<rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${h - 24}" fill="#f7f2e8"/>
<circle cx="${x + w * 0.62}" cy="${y + h * 0.4}" r="${Math.min(w, h) * 0.16}" fill="${accent}" opacity=".85"/>
<path d="M${x + 12} ${y + h - 12} L${x + 12} ${y + h * 0.7} Q${x + w * 0.35} ${y + h * 0.45} ${x + w * 0.6} ${y + h * 0.72} T${x + w - 12} ${y + h * 0.62} V${y + h - 12} Z" fill="${mix(accent, "#5d7d4f", 0.6)}" opacity=".75"/>`;
}

function arch(cx: number, w: number, top: number, bottom: number, color: string): string {
  return `<path d="M${cx - w / 2} ${bottom} V${top + w / 2} A${w / 2} ${w / 2} 0 0 1 ${cx + w / 2} ${top + w / 2} V${bottom} Z" fill="${color}"/>`;
}

function pendant(x: number, y: number, color: string): string {
  return `<line x1="${x}" y1="0" x2="${x}" y2="${y}" stroke="#3a3a3a" stroke-width="2"/>
<ellipse cx="${x}" cy="${y + 70}" rx="120" ry="90" fill="url(#glow)"/>
<path d="M${x - 50} ${y + 50} Q${x} ${y - 14} ${x + 50} ${y + 50} Z" fill="${color}"/><ellipse cx="${x}" cy="${y + 50}" rx="50" ry="7" fill="#fff3cf"/>`;
}

function rug(cx: number, cy: number, w: number, color: string): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2}" ry="${w * 0.09}" fill="${color}" opacity=".85"/><ellipse cx="${cx}" cy="${cy}" rx="${w / 2 - 18}" ry="${w * 0.09 - 8}" fill="none" stroke="#fff" stroke-width="3" opacity=".35"/>`;
}

interface Placed {
  spec: FurnitureSpec;
  /** Horizontal centre and floor line in canvas units. */
  x: number;
  y: number;
  /** Maximum box the piece is fitted into. */
  maxW: number;
  maxH: number;
}

function place(item: Placed, id: string, shadow = true): string {
  const d = drawFurniture(item.spec, id);
  const k = Math.min(item.maxW / d.width, item.maxH / d.height, 1.6);
  let s = "";
  if (shadow && !d.wall) {
    s += `<ellipse cx="${item.x}" cy="${item.y}" rx="${Math.round((d.width * k) / 2 + 60)}" ry="${Math.round(24 + d.width * k * 0.06)}" fill="url(#shadow)"/>`;
  }
  return s + `<g transform="translate(${item.x} ${item.y}) scale(${Math.round(k * 1000) / 1000})">${d.svg}</g>`;
}

function svgDoc(w: number, h: number, body: string, vw = w, vh = h): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vw} ${vh}">${body}</svg>`;
}

/** Product photo: the piece on its own in a bright room; `shot` varies the set dressing. */
export function productSvg(spec: FurnitureSpec, shot: number, seed: number): string {
  const r = rng(seed);
  const room: Room = {
    wall: WALLS[(seed + shot * 3) % WALLS.length]!,
    floor: FLOORS[(seed + shot) % FLOORS.length]!,
    floorY: 700,
  };
  const W = 1000;
  let s = roomDefs(room, W, W);
  const mode = shot % 4;
  if (mode === 1) s += windowOnWall(620 + r() * 80, 130, 220, 300, room.floorY);
  if (mode === 0) s += arch(500, 620, 120, room.floorY, darken(room.wall, 0.06));
  if (mode === 3) s += framedArt(150 + r() * 60, 170, 180, 220, spec.fabric, darken(spec.wood, 0.1));
  s += floorPlanks(room, W, W, 80 + Math.round(r() * 40));
  s += `<rect width="${W}" height="${W}" fill="url(#light)"/>`;
  if (mode === 3) s += rug(500, 800, 760, mix(spec.fabric, room.wall, 0.55));
  if (mode === 2) {
    // close-up: the piece larger and off-centre, as a detail shot
    s += place({ spec, x: 430, y: 930, maxW: 1250, maxH: 880 }, "p");
  } else {
    s += place({ spec, x: 500, y: 800, maxW: 780, maxH: 640 }, "p");
  }
  if (mode === 3 && spec.kind !== "plant") {
    s += place({ spec: { kind: "plant", wood: "#b46a45", fabric: spec.fabric }, x: 880, y: 800, maxW: 200, maxH: 420 }, "pl");
  }
  s += `<rect width="${W}" height="${W}" fill="url(#vignette)"/>`;
  return svgDoc(SIZES.produk.width, SIZES.produk.height, s, W, W);
}

export interface BannerText {
  headline: string[];
  sub: string;
  cta: string;
}

/** Home-page banner: a text panel on the left, a dressed room on the right. */
export function bannerSvg(shop: string, text: BannerText, pieces: FurnitureSpec[], seed: number): string {
  const { width: W, height: H } = SIZES.banner;
  const room: Room = { wall: WALLS[seed % WALLS.length]!, floor: FLOORS[seed % FLOORS.length]!, floorY: 470 };
  const panel = [
    ["#4a2f1d", "#7a4b2a"],
    ["#33412f", "#5c6b4a"],
    ["#5b3326", "#9a5a3a"],
    ["#2f3a40", "#56656b"],
  ][seed % 4]!;
  let s = roomDefs(room, W, H);
  s += `<defs><linearGradient id="panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${panel[0]}"/><stop offset="1" stop-color="${panel[1]}"/></linearGradient></defs>`;
  s += windowOnWall(1560, 70, 220, 260, room.floorY);
  s += arch(1180, 460, 40, room.floorY, darken(room.wall, 0.07));
  s += floorPlanks(room, W, H, 110);
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`;
  s += rug(1200, 540, 900, mix(pieces[0]?.fabric ?? "#c2703d", room.wall, 0.5));
  const slots = [
    { x: 1260, maxW: 560, maxH: 400 },
    { x: 1670, maxW: 220, maxH: 380 },
    { x: 960, maxW: 170, maxH: 400 },
  ];
  // side pieces first so the main piece stands in front of them
  for (let i = pieces.length - 1; i >= 0; i--) {
    const spec = pieces[i];
    const slot = slots[i];
    if (spec && slot) s += place({ spec, x: slot.x, y: 540, maxW: slot.maxW, maxH: slot.maxH }, `b${i}`);
  }
  // text panel with a soft curved edge
  s += `<path d="M0 0 H760 C860 160 700 420 820 ${H} H0 Z" fill="url(#panel)"/>`;
  s += `<path d="M760 0 C860 160 700 420 820 ${H}" stroke="#e8c98f" stroke-width="3" fill="none" opacity=".6"/>`;
  s += `<text x="90" y="128" font-family="${SANS}" font-size="24" font-weight="bold" letter-spacing="5" fill="#e8c98f">${esc(shop.toUpperCase())}</text>`;
  s += `<rect x="90" y="146" width="70" height="3" fill="#e8c98f"/>`;
  // Fit the headline into the panel (DejaVu Serif Bold is about 0.62 em per character).
  const longest = Math.max(...text.headline.map((l) => l.length));
  const size = Math.min(68, Math.floor(600 / (longest * 0.62)));
  const lineH = Math.round(size * 1.18);
  text.headline.forEach((line, i) => {
    s += `<text x="86" y="${218 + i * lineH}" font-family="${SERIF}" font-size="${size}" font-weight="bold" fill="#fbf6ec">${esc(line)}</text>`;
  });
  let y = 218 + (text.headline.length - 1) * lineH + 58;
  for (const line of wrap(text.sub, 44)) {
    s += `<text x="90" y="${y}" font-family="${SANS}" font-size="24" fill="#f1e6d2" opacity=".92">${esc(line)}</text>`;
    y += 34;
  }
  const ctaW = 64 + text.cta.length * 15;
  s += `<rect x="90" y="${y + 4}" width="${ctaW}" height="58" rx="29" fill="#e8c98f"/>`;
  s += `<text x="${90 + ctaW / 2}" y="${y + 41}" text-anchor="middle" font-family="${SANS}" font-size="22" font-weight="bold" fill="${panel[0]}">${esc(text.cta)}</text>`;
  return svgDoc(W, H, s);
}

/** Greedy word wrap by character count (good enough for one known font). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export interface GalleryScene {
  pieces: Array<{ spec: FurnitureSpec; x: number; maxW: number; maxH: number }>;
  decor: Array<"window" | "art" | "pendant" | "arch" | "rug">;
}

/** Gallery photo: a small room dressed with several pieces. */
export function gallerySvg(scene: GalleryScene, seed: number): string {
  const { width: W, height: H } = SIZES.galeri;
  const room: Room = { wall: WALLS[(seed * 3) % WALLS.length]!, floor: FLOORS[seed % FLOORS.length]!, floorY: 620 };
  const accent = scene.pieces[0]?.spec.fabric ?? "#c2703d";
  let s = roomDefs(room, W, H);
  if (scene.decor.includes("arch")) s += arch(600, 520, 90, room.floorY, darken(room.wall, 0.06));
  if (scene.decor.includes("window")) s += windowOnWall(820, 120, 230, 280, room.floorY);
  if (scene.decor.includes("art")) s += framedArt(160, 150, 200, 150, accent, "#6b4226");
  s += floorPlanks(room, W, H, 100);
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`;
  if (scene.decor.includes("rug")) s += rug(600, 760, 900, mix(accent, room.wall, 0.5));
  scene.pieces.forEach((p, i) => {
    s += place({ spec: p.spec, x: p.x, y: 760, maxW: p.maxW, maxH: p.maxH }, `g${i}`);
  });
  if (scene.decor.includes("pendant")) s += pendant(600, 170, "#2f3a40");
  s += `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
  return svgDoc(W, H, s);
}

/** Profile photo: the showroom front ("tentang-kami") or the workshop yard ("kerja-sama"). */
export function profilSvg(kind: "tentang-kami" | "kerja-sama", shop: string, city: string): string {
  const { width: W, height: H } = SIZES.profil;
  if (kind === "tentang-kami") {
    let s = `<defs><linearGradient id="sky2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3d8"/><stop offset="1" stop-color="#eef0e6"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1d2"/><stop offset="1" stop-color="#e2c594"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#2b1d10" stop-opacity=".35"/><stop offset="1" stop-color="#2b1d10" stop-opacity="0"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff4d6" stop-opacity=".8"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky2)"/>
<ellipse cx="180" cy="640" rx="260" ry="200" fill="#7d9a68"/><ellipse cx="1080" cy="650" rx="240" ry="190" fill="#6f8c5c"/>
<rect x="0" y="690" width="${W}" height="110" fill="#c9bba6"/><rect x="0" y="690" width="${W}" height="8" fill="#a89a86"/>
<polygon points="110,250 600,90 1090,250" fill="#8a4b31"/><polygon points="110,250 600,90 1090,250 1090,262 110,262" fill="#6f3a25"/>
<rect x="150" y="250" width="900" height="445" fill="#f3ead9"/>
<rect x="150" y="250" width="900" height="18" fill="#000" opacity=".08"/>
<rect x="330" y="282" width="540" height="80" rx="6" fill="#4a2f1d"/>
<text x="600" y="334" text-anchor="middle" font-family="${SERIF}" font-size="40" font-weight="bold" fill="#f2d9a6">${esc(shop)}</text>
<text x="600" y="388" text-anchor="middle" font-family="${SANS}" font-size="20" letter-spacing="4" fill="#6b4226">SHOWROOM ${esc(city.toUpperCase())}</text>`;
    for (const x of [190, 690]) {
      s += `<rect x="${x}" y="410" width="320" height="230" fill="url(#glass)"/><rect x="${x}" y="410" width="320" height="230" fill="none" stroke="#4a2f1d" stroke-width="12"/>`;
    }
    s += `<g>${place({ spec: { kind: "sofa", wood: "#8a5a34", fabric: "#9aae8f", style: "jati", count: 2 }, x: 350, y: 630, maxW: 260, maxH: 170 }, "s1", false)}</g>`;
    s += `<g>${place({ spec: { kind: "wardrobe", wood: "#7b4a2a", fabric: "#c2703d", style: "ukir", count: 2 }, x: 790, y: 630, maxW: 120, maxH: 200 }, "s2", false)}</g>`;
    s += `<g>${place({ spec: { kind: "lamp", wood: "#a0652d", fabric: "#e6dcc8" }, x: 920, y: 630, maxW: 80, maxH: 190 }, "s3", false)}</g>`;
    s += `<rect x="545" y="430" width="110" height="260" fill="#5b3a22"/><rect x="555" y="440" width="90" height="250" fill="#6d4628"/><circle cx="633" cy="565" r="6" fill="#d9b35a"/>`;
    s += `<rect x="500" y="686" width="200" height="12" fill="#b5a48c"/>`;
    s += `<path d="M150 640 h40 M1010 640 h40" stroke="#4a2f1d" stroke-width="12"/>`;
    for (const x of [150, 1050]) s += `<rect x="${x - 20}" y="600" width="40" height="95" fill="#c96f45"/><ellipse cx="${x}" cy="590" rx="46" ry="60" fill="#5d7d4f"/>`;
    return svgDoc(W, H, s);
  }
  // workshop: stacked teak logs, planks, a table under construction
  const rand = rng(99);
  let s = `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe4d2"/><stop offset="1" stop-color="#dccab0"/></linearGradient>
<radialGradient id="ring"><stop offset="0" stop-color="#d9a66b"/><stop offset=".7" stop-color="#b57a45"/><stop offset="1" stop-color="#6b4226"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#2b1d10" stop-opacity=".38"/><stop offset="1" stop-color="#2b1d10" stop-opacity="0"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff4d6" stop-opacity=".8"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>
<radialGradient id="light" cx=".3" cy=".1" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect y="600" width="${W}" height="200" fill="#b7a183"/>`;
  for (let x = 0; x < W; x += 60) s += `<rect x="${x}" y="0" width="4" height="600" fill="#000" opacity=".04"/>`;
  s += `<rect x="80" y="80" width="380" height="220" fill="#cfe2ea"/><rect x="80" y="80" width="380" height="220" fill="none" stroke="#6b4226" stroke-width="14"/><line x1="270" y1="80" x2="270" y2="300" stroke="#6b4226" stroke-width="10"/>`;
  // log pile
  for (let row = 0; row < 4; row++) {
    const count = 5 - row;
    for (let i = 0; i < count; i++) {
      const cx = 110 + row * 52 + i * 104;
      const cy = 740 - row * 92;
      const rr = 48 + rand() * 6;
      s += `<circle cx="${cx}" cy="${cy}" r="${rr}" fill="url(#ring)"/>`;
      for (const f of [0.7, 0.45, 0.22]) s += `<circle cx="${cx}" cy="${cy}" r="${Math.round(rr * f)}" fill="none" stroke="#7b4a2a" stroke-width="2" opacity=".5"/>`;
    }
  }
  // planks leaning on the wall
  for (let i = 0; i < 7; i++) {
    const x = 640 + i * 26;
    const c = mix("#c89b66", "#7b4a2a", rand());
    s += `<polygon points="${x},640 ${x + 24},640 ${x + 90},180 ${x + 66},180" fill="${c}"/><polygon points="${x + 24},640 ${x + 30},640 ${x + 96},180 ${x + 90},180" fill="#000" opacity=".2"/>`;
  }
  s += place({ spec: { kind: "dining", wood: "#b98a5a", fabric: "#e6dcc8", style: "rect", count: 2 }, x: 960, y: 750, maxW: 420, maxH: 360 }, "w1");
  s += `<rect width="${W}" height="${H}" fill="url(#light)"/>`;
  return svgDoc(W, H, s);
}

/** Renders SVG to a JPEG of exactly the folder's size. */
export async function renderJpeg(svg: string, folder: ImageFolder): Promise<Buffer> {
  const { width, height } = SIZES[folder];
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    // mozjpeg tables and progressive scans, but without trellis quantisation and scan
    // optimisation: those cost about 60% of the encode time (the seed runs at every fresh
    // start and in test set-up) for files only ~15% smaller.
    .jpeg({ quality: 78, mozjpeg: true, trellisQuantisation: false, optimiseScans: false, overshootDeringing: false })
    .toBuffer();
}

export interface ImageJob {
  folder: ImageFolder;
  svg: () => string;
}

/**
 * Renders and writes the jobs with at most `concurrency` in flight (the target machine has
 * 2 cores), returning relative paths in job order. On any failure the files already written
 * are removed so a failed seed leaves no orphans behind.
 */
export async function writeImages(jobs: ImageJob[], uploadsDir: string, concurrency = 2): Promise<string[]> {
  const out: string[] = new Array<string>(jobs.length);
  const written: string[] = [];
  for (const folder of Object.keys(SIZES)) await fs.mkdir(path.join(uploadsDir, folder), { recursive: true });
  let next = 0;
  let failed: unknown;
  async function worker() {
    while (next < jobs.length && failed === undefined) {
      const i = next++;
      const job = jobs[i]!;
      try {
        const buf = await renderJpeg(job.svg(), job.folder);
        const rel = `${job.folder}/${crypto.randomBytes(8).toString("hex")}.jpg`;
        const full = path.join(uploadsDir, rel);
        // wx: never overwrite an existing upload even on a (very unlikely) name clash
        await fs.writeFile(full, buf, { flag: "wx" });
        written.push(full);
        out[i] = rel;
      } catch (err) {
        failed ??= err;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  if (failed !== undefined) {
    await removeFiles(written);
    throw failed;
  }
  return out;
}

export async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f, { force: true })));
}
