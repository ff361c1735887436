/**
 * Stylised furniture drawn as SVG for the demo catalogue (no network, no stock photos).
 * Every piece is drawn in its own local coordinates: origin at the middle of its footprint on
 * the floor, y negative upwards. Scenes (images.ts) place and scale pieces with a transform.
 * Shading is plain linear/radial gradients: filters (blur) are slow in librsvg at 1–2 MP.
 */
import { rng } from "./rng.mjs";

export { rng };

export type Kind =
  | "sofa"
  | "dining"
  | "wardrobe"
  | "bed"
  | "cabinet"
  | "bookshelf"
  | "terraceChair"
  | "lounger"
  | "bench"
  | "terraceSet"
  | "plant"
  | "mirror"
  | "wallShelf"
  | "lamp"
  | "vases";

export interface FurnitureSpec {
  kind: Kind;
  /** Base wood colour (hex). */
  wood: string;
  /** Upholstery / accent colour (hex). */
  fabric: string;
  /** Kind-specific look: "ukir", "retro", "jati", "round", "kaca", "duco", "bunk", … */
  style?: string;
  /** Seats, doors or drawers, depending on the kind. */
  count?: number;
}

export interface Drawn {
  svg: string;
  /** Footprint width and height in local units (for fitting into a scene). */
  width: number;
  height: number;
  /** Hung on the wall: no floor shadow, raised when placed. */
  wall?: boolean;
}

/* ---------- colour helpers ---------- */

function rgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

export function mix(a: string, b: string, t: number): string {
  const ca = rgb(a);
  const cb = rgb(b);
  return (
    "#" +
    ca
      .map((v, i) => Math.round(v + ((cb[i] ?? 0) - v) * t))
      .map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, "0"))
      .join("")
  );
}
export const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
export const darken = (c: string, t: number) => mix(c, "#000000", t);

export function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/* ---------- paint: per-piece gradients ---------- */

interface Paint {
  id: string;
  w0: string;
  w1: string;
  w2: string;
  w3: string;
  f0: string;
  f1: string;
  f2: string;
}

function makePaint(id: string, wood: string, fabric: string): Paint {
  return {
    id,
    w0: lighten(wood, 0.22),
    w1: wood,
    w2: darken(wood, 0.2),
    w3: darken(wood, 0.5),
    f0: lighten(fabric, 0.18),
    f1: fabric,
    f2: darken(fabric, 0.18),
  };
}

function paintDefs(p: Paint): string {
  const { id } = p;
  return `<defs>
<linearGradient id="${id}wv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.w0}"/><stop offset=".55" stop-color="${p.w1}"/><stop offset="1" stop-color="${p.w2}"/></linearGradient>
<linearGradient id="${id}wh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.w0}"/><stop offset=".45" stop-color="${p.w1}"/><stop offset="1" stop-color="${p.w3}"/></linearGradient>
<linearGradient id="${id}fv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.f0}"/><stop offset=".6" stop-color="${p.f1}"/><stop offset="1" stop-color="${p.f2}"/></linearGradient>
<linearGradient id="${id}fh" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.f0}"/><stop offset=".5" stop-color="${p.f1}"/><stop offset="1" stop-color="${p.f2}"/></linearGradient>
<linearGradient id="${id}gl" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef4f4"/><stop offset=".45" stop-color="#c7d6d8"/><stop offset=".5" stop-color="#f4f8f8"/><stop offset=".56" stop-color="#bfcfd2"/><stop offset="1" stop-color="#9fb3b7"/></linearGradient>
<pattern id="${id}gr" width="160" height="36" patternUnits="userSpaceOnUse"><path d="M0 9 C40 4 80 14 160 8 M0 22 C50 27 100 17 160 23 M0 31 C30 29 90 34 160 30" fill="none" stroke="${p.w3}" stroke-width="1.6" opacity=".16"/></pattern>
<pattern id="${id}rt" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M0 7 L7 0 L14 7 L7 14 Z" fill="none" stroke="${p.w3}" stroke-width="1.4" opacity=".35"/></pattern>
</defs>`;
}

/* ---------- primitives ---------- */

const n = (v: number) => Math.round(v * 10) / 10;

function box(x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""} fill="${fill}"${extra}/>`;
}

/** A wooden board: gradient, grain, a light top edge and a dark bottom edge. */
function wood(p: Paint, x: number, y: number, w: number, h: number, rx = 0, grain = true): string {
  let s = box(x, y, w, h, `url(#${p.id}wv)`, rx);
  if (grain && w > 40 && h > 16) s += box(x, y, w, h, `url(#${p.id}gr)`, rx);
  if (h > 8) {
    s += box(x + rx, y, Math.max(0, w - 2 * rx), 2.5, p.w0, 0, ` opacity=".8"`);
    s += box(x + rx, y + h - 3, Math.max(0, w - 2 * rx), 3, p.w3, 0, ` opacity=".45"`);
  }
  return s;
}

/** A vertical post / leg shaded left-to-right. */
function post(p: Paint, x: number, y: number, w: number, h: number, taper = 0): string {
  if (!taper) return box(x, y, w, h, `url(#${p.id}wh)`, Math.min(3, w / 4));
  return `<polygon points="${n(x)},${n(y)} ${n(x + w)},${n(y)} ${n(x + w - taper)},${n(y + h)} ${n(x + taper)},${n(y + h)}" fill="url(#${p.id}wh)"/>`;
}

function knob(x: number, y: number, r = 6): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${r}" fill="#b8913f"/><circle cx="${n(x - r * 0.3)}" cy="${n(y - r * 0.3)}" r="${n(r * 0.4)}" fill="#f1d98e"/>`;
}

function handleBar(x: number, y: number, h: number): string {
  return `<rect x="${n(x - 3)}" y="${n(y)}" width="6" height="${n(h)}" rx="3" fill="#b8913f"/><rect x="${n(x - 2)}" y="${n(y + 2)}" width="2" height="${n(h - 4)}" fill="#f1d98e"/>`;
}

/** Carved crest (the Jepara "ukir" look): an arch with rosettes and leaf curls. */
function crest(p: Paint, x: number, y: number, w: number, h: number): string {
  const c = x + w / 2;
  let s = `<path d="M${n(x)} ${n(y)} C${n(x + w * 0.2)} ${n(y)} ${n(c - w * 0.22)} ${n(y - h)} ${n(c)} ${n(y - h)} C${n(c + w * 0.22)} ${n(y - h)} ${n(x + w * 0.8)} ${n(y)} ${n(x + w)} ${n(y)} Z" fill="url(#${p.id}wv)"/>`;
  s += `<circle cx="${n(c)}" cy="${n(y - h * 0.48)}" r="${n(h * 0.24)}" fill="none" stroke="${p.w3}" stroke-width="3" opacity=".55"/>`;
  s += `<circle cx="${n(c)}" cy="${n(y - h * 0.48)}" r="${n(h * 0.09)}" fill="${p.w3}" opacity=".45"/>`;
  for (const side of [-1, 1]) {
    const sx = c + side * w * 0.2;
    s += `<path d="M${n(c + side * h * 0.3)} ${n(y - h * 0.45)} q${n(side * w * 0.08)} ${n(-h * 0.3)} ${n(side * w * 0.16)} ${n(-h * 0.05)} t${n(side * w * 0.12)} ${n(h * 0.25)}" fill="none" stroke="${p.w3}" stroke-width="3" opacity=".5" stroke-linecap="round"/>`;
    s += `<circle cx="${n(sx + side * w * 0.08)}" cy="${n(y - h * 0.18)}" r="${n(h * 0.07)}" fill="${p.w3}" opacity=".4"/>`;
  }
  return s;
}

function shadowUnder(w: number, h = 18): string {
  // Contact shadow right under the piece (the soft floor shadow is drawn by the scene).
  return `<ellipse cx="0" cy="0" rx="${n(w / 2)}" ry="${h / 2}" fill="#000" opacity=".18"/>`;
}

/* ---------- pieces ---------- */

function sofa(p: Paint, seats: number, style: string): Drawn {
  const seatW = seats === 1 ? 200 : 170;
  const armW = style === "jati" ? 34 : 64;
  const W = seats * seatW + 2 * armW + 20;
  const x0 = -W / 2;
  const inner = W - 2 * armW;
  let s = shadowUnder(W * 0.95);
  // legs
  for (const lx of [x0 + 26, W / 2 - 44]) {
    s += style === "retro" || style === "jati" ? post(p, lx, -60, 18, 60, 4) : post(p, lx, -40, 20, 40);
  }
  // back frame and back cushions
  const backTop = style === "ukir" ? -320 : -330;
  s += box(x0 + armW - 10, backTop, inner + 20, 190, `url(#${p.id}fv)`, 28);
  if (style === "ukir") s += crest(p, x0 + armW - 20, backTop + 14, inner + 40, 70);
  for (let i = 0; i < seats; i++) {
    const cx = x0 + armW + 10 + i * seatW;
    s += box(cx + 4, backTop + 20, seatW - 8, 160, `url(#${p.id}fv)`, 24);
    s += `<ellipse cx="${n(cx + seatW / 2)}" cy="${backTop + 50}" rx="${n(seatW * 0.32)}" ry="16" fill="#fff" opacity=".12"/>`;
  }
  // base rail
  if (style === "ukir" || style === "jati" || style === "retro") s += wood(p, x0 + 10, -120, W - 20, 58, 6);
  else s += box(x0 + 10, -120, W - 20, 80, p.f2, 14);
  // seat cushions
  for (let i = 0; i < seats; i++) {
    const cx = x0 + armW + 10 + i * seatW;
    s += box(cx + 2, -176, seatW - 4, 64, `url(#${p.id}fv)`, 18);
    s += box(cx + 8, -122, seatW - 16, 8, p.f2, 4, ` opacity=".6"`);
  }
  // arms
  for (const ax of [x0, W / 2 - armW]) {
    if (style === "jati") {
      s += post(p, ax + 6, -250, 24, 190);
      s += wood(p, ax - 4, -262, armW + 14, 20, 8, false);
    } else if (style === "ukir") {
      s += wood(p, ax, -250, armW, 190, 20);
      s += `<circle cx="${n(ax + armW / 2)}" cy="-190" r="16" fill="none" stroke="${p.w3}" stroke-width="3" opacity=".5"/>`;
      s += `<circle cx="${n(ax + armW / 2)}" cy="-190" r="5" fill="${p.w3}" opacity=".5"/>`;
    } else {
      s += box(ax, -246, armW, 200, `url(#${p.id}fh)`, 28);
      if (style === "retro") s += wood(p, ax - 2, -254, armW + 4, 16, 8, false);
    }
  }
  // one accent cushion
  if (seats > 1) {
    const px = W / 2 - armW - 70;
    s += `<g transform="translate(${n(px)} -215) rotate(-8)"><rect x="-46" y="-44" width="92" height="88" rx="22" fill="${lighten(p.w1, 0.55)}"/><rect x="-46" y="-44" width="92" height="88" rx="22" fill="url(#${p.id}rt)" opacity=".7"/></g>`;
  }
  return { svg: s, width: W, height: 340 };
}

function chairSide(p: Paint, x: number, facing: 1 | -1, pad: boolean): string {
  // facing 1 = looks right (toward the table on its right)
  const d = 120;
  const back = x - (facing * d) / 2;
  const front = x + (facing * d) / 2;
  const bx = Math.min(back, back - facing * 16);
  let s = post(p, bx, -430, 16, 430); // back post up to the top rail
  s += post(p, front - 8, -190, 16, 190);
  s += wood(p, Math.min(back, front) - 6, -200, d + 12, 18, 4, false);
  if (pad) s += box(Math.min(back, front), -216, d, 18, `url(#${p.id}fv)`, 8);
  // back slats between the post and the seat
  const sx = back - facing * 8;
  s += `<path d="M${n(sx)} -420 q${n(-facing * 10)} 110 0 210" stroke="url(#${p.id}wh)" stroke-width="12" fill="none"/>`;
  s += wood(p, Math.min(sx, sx - facing * 26) - 4, -420, 34, 60, 6, false);
  s += box(Math.min(back, front), -80, d, 8, p.w2);
  return s;
}

function chairFrontBack(p: Paint, x: number): string {
  // a chair behind the table: only the back is seen
  let s = post(p, x - 70, -440, 16, 300) + post(p, x + 54, -440, 16, 300);
  s += wood(p, x - 74, -450, 148, 34, 8, false);
  for (const sx of [-32, -8, 16]) s += post(p, x + sx, -416, 14, 150);
  return `<g opacity=".92">${s}</g>`;
}

function dining(p: Paint, style: string, count: number): Drawn {
  const W = style === "round" ? 320 : 460;
  let s = shadowUnder(W + 300);
  // chairs on the far side of the table: only their backs show above the top
  if (count >= 6 && style !== "round") s += chairFrontBack(p, -120) + chairFrontBack(p, 120);
  else if (count >= 4) s += chairFrontBack(p, 0);
  s += chairSide(p, -W / 2 - 40, 1, style !== "live");
  s += chairSide(p, W / 2 + 40, -1, style !== "live");
  if (style === "round") {
    s += post(p, -22, -290, 44, 260, 6);
    s += `<path d="M-120 0 Q0 -50 120 0 L100 0 Q0 -30 -100 0 Z" fill="${p.w2}"/>`;
    s += `<ellipse cx="0" cy="-300" rx="${W / 2}" ry="34" fill="${p.w0}"/>`;
    s += box(-W / 2, -300, W, 20, `url(#${p.id}wv)`, 0);
    s += `<ellipse cx="0" cy="-280" rx="${W / 2}" ry="8" fill="${p.w3}" opacity=".35"/>`;
    s += `<ellipse cx="0" cy="-300" rx="${W / 2 - 2}" ry="32" fill="url(#${p.id}gr)"/>`;
  } else {
    // back legs first, darker, then the top, then the front legs
    for (const lx of [-W / 2 + 60, W / 2 - 84]) s += box(lx, -290, 24, 278, p.w3);
    const top = style === "live"
      ? `<path d="M${-W / 2 - 10} -306 C${-W / 4} -300 ${W / 4} -312 ${W / 2 + 10} -304 L${W / 2 - 30} -330 C${W / 4} -334 ${-W / 4} -324 ${-W / 2 + 20} -330 Z" fill="${p.w0}"/>`
      : `<polygon points="${-W / 2},-304 ${W / 2},-304 ${W / 2 - 34},-328 ${-W / 2 + 34},-328" fill="${p.w0}"/>`;
    s += top;
    s += wood(p, -W / 2 - (style === "live" ? 10 : 0), -306, W + (style === "live" ? 20 : 0), style === "live" ? 34 : 24, 3);
    s += wood(p, -W / 2 + 24, -282, W - 48, 30, 0, false);
    for (const lx of [-W / 2 + 28, W / 2 - 58]) s += post(p, lx, -282, 30, 282, style === "retro" ? 6 : 0);
    // something on the table
    s += `<ellipse cx="0" cy="-330" rx="46" ry="9" fill="#fff" opacity=".85"/><path d="M-18 -330 q-6 -50 18 -60 q24 10 18 60 Z" fill="${lighten(p.f1, 0.3)}"/>`;
    s += `<path d="M0 -388 q-30 -40 -40 -70 M0 -388 q14 -50 30 -76 M0 -388 q4 -40 -6 -80" stroke="#6f8a5a" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  }
  return { svg: s, width: W + 300, height: 470 };
}

function wardrobe(p: Paint, doors: number, style: string): Drawn {
  const W = doors <= 2 ? 300 : doors === 3 ? 420 : 540;
  const H = 640;
  const top = -H;
  let s = shadowUnder(W + 10);
  for (const fx of [-W / 2 + 8, W / 2 - 30]) s += post(p, fx, -34, 22, 34, 3);
  s += wood(p, -W / 2, top, W, H - 34, 4);
  // cornice
  s += wood(p, -W / 2 - 14, top - 24, W + 28, 26, 3, false);
  s += box(-W / 2 - 6, top - 2, W + 12, 8, p.w2);
  if (style === "ukir") s += crest(p, -W / 2 + 10, top - 24, W - 20, 80);
  s += wood(p, -W / 2 - 6, -64, W + 12, 30, 2, false);
  const dw = (W - 24) / doors;
  const dTop = top + 14;
  const dH = H - 34 - 30 - 28;
  for (let i = 0; i < doors; i++) {
    const dx = -W / 2 + 12 + i * dw;
    s += box(dx + 2, dTop, dw - 4, dH, `url(#${p.id}wv)`, 2);
    s += box(dx + 2, dTop, dw - 4, dH, `url(#${p.id}gr)`, 2);
    s += `<line x1="${n(dx + dw - 1)}" y1="${dTop}" x2="${n(dx + dw - 1)}" y2="${dTop + dH}" stroke="${p.w3}" stroke-width="2" opacity=".55"/>`;
    if (style === "kaca") {
      s += box(dx + 18, dTop + 18, dw - 36, dH - 150, `url(#${p.id}gl)`, 3, ` opacity=".92"`);
      for (let k = 1; k < 4; k++) {
        const sy = dTop + 18 + ((dH - 150) / 4) * k;
        s += box(dx + 18, sy, dw - 36, 5, p.w2, 0, ` opacity=".6"`);
        s += `<circle cx="${n(dx + dw / 2)}" cy="${n(sy - 24)}" r="20" fill="#fbfaf6" opacity=".85"/><circle cx="${n(dx + dw / 2)}" cy="${n(sy - 24)}" r="11" fill="${p.f1}" opacity=".55"/>`;
      }
      s += box(dx + 18, dTop + dH - 118, dw - 36, 100, "none", 3, ` stroke="${p.w3}" stroke-width="3" opacity=".45"`);
    } else if (style === "sliding") {
      for (let k = 1; k < 6; k++) s += box(dx + 10, dTop + (dH / 6) * k, dw - 20, 2, p.w3, 0, ` opacity=".3"`);
    } else {
      s += box(dx + 18, dTop + 22, dw - 36, dH * 0.55, "none", 4, ` stroke="${p.w3}" stroke-width="3" opacity=".4"`);
      s += box(dx + 18, dTop + dH * 0.62, dw - 36, dH * 0.34, "none", 4, ` stroke="${p.w3}" stroke-width="3" opacity=".4"`);
      s += box(dx + 20, dTop + 24, dw - 40, 4, "#fff", 0, ` opacity=".25"`);
    }
    const hx = i % 2 === 0 ? dx + dw - 16 : dx + 16;
    s += style === "sliding" ? handleBar(i % 2 === 0 ? dx + 12 : dx + dw - 12, dTop + dH * 0.3, dH * 0.4) : handleBar(hx, dTop + dH * 0.42, 60);
  }
  return { svg: s, width: W + 28, height: H + (style === "ukir" ? 104 : 24) };
}

function bed(p: Paint, style: string): Drawn {
  const L = 640;
  const x0 = -L / 2;
  let s = shadowUnder(L + 20);
  const sheet = "#f6f2ea";
  const bunk = style === "bunk";
  const headH = bunk ? 660 : style === "ukir" ? 420 : 380;
  // headboard
  s += post(p, x0, -headH, 30, headH);
  if (style === "jok") {
    s += box(x0 + 18, -400, 44, 240, `url(#${p.id}fh)`, 20);
    for (let k = 0; k < 4; k++) s += `<circle cx="${x0 + 40}" cy="${-370 + k * 56}" r="4" fill="${p.f2}"/>`;
  } else if (!bunk) {
    s += wood(p, x0 + 14, -headH + 20, 40, headH - 180, 10);
  }
  if (style === "ukir") {
    // turned finials on the carved bed's posts
    for (const fx of [x0 + 15, L / 2 - 15]) {
      const top = fx < 0 ? -headH : -240;
      s += `<rect x="${fx - 8}" y="${top - 16}" width="16" height="18" fill="${p.w2}"/><circle cx="${fx}" cy="${top - 30}" r="18" fill="url(#${p.id}wh)"/><circle cx="${fx}" cy="${top - 52}" r="7" fill="${p.w1}"/>`;
    }
  }
  // footboard
  s += post(p, L / 2 - 30, bunk ? -660 : -240, 30, bunk ? 660 : 240);
  if (!bunk) s += wood(p, L / 2 - 48, -236, 30, 120, 8, false);
  const decks = bunk ? [-190, -470] : [-200];
  for (const dy of decks) {
    // side rail, mattress, blanket, pillow
    const railH = style === "laci" ? 120 : 60;
    s += wood(p, x0 + 20, dy + 50, L - 40, railH, 3);
    if (style === "laci") {
      for (const lx of [x0 + 60, x0 + 330]) {
        s += box(lx, dy + 68, 230, 86, "none", 4, ` stroke="${p.w3}" stroke-width="3" opacity=".45"`);
        s += knob(lx + 115, dy + 110);
      }
    }
    s += box(x0 + 26, dy, L - 52, 56, sheet, 16);
    s += box(x0 + 26, dy + 42, L - 52, 14, "#e3ddd1", 6);
    s += `<path d="M${x0 + 200} ${dy - 6} L${L / 2 - 22} ${dy - 6} L${L / 2 - 22} ${dy + 84} Q${L / 2 - 60} ${dy + 96} ${x0 + 220} ${dy + 76} Q${x0 + 184} ${dy + 30} ${x0 + 200} ${dy - 6} Z" fill="url(#${p.id}fv)"/>`;
    s += `<path d="M${x0 + 200} ${dy - 6} L${L / 2 - 22} ${dy - 6}" stroke="${p.f0}" stroke-width="6"/>`;
    s += `<path d="M${x0 + 240} ${dy + 18} q80 12 160 -2 M${x0 + 300} ${dy + 50} q60 10 140 0" stroke="${p.f2}" stroke-width="3" fill="none" opacity=".5"/>`;
    s += `<ellipse cx="${x0 + 110}" cy="${dy - 22}" rx="74" ry="30" fill="#fbf8f2"/><ellipse cx="${x0 + 110}" cy="${dy - 30}" rx="56" ry="14" fill="#fff" opacity=".7"/>`;
    if (!bunk || dy === -470) s += `<ellipse cx="${x0 + 150}" cy="${dy - 20}" rx="44" ry="24" fill="${p.f0}" transform="rotate(-10 ${x0 + 150} ${dy - 20})"/>`;
  }
  if (bunk) {
    s += wood(p, x0 + 20, -560, L - 260, 20, 4, false);
    // ladder
    for (const lx of [L / 2 - 150, L / 2 - 90]) s += post(p, lx, -470, 14, 470);
    for (let k = 1; k < 6; k++) s += box(L / 2 - 150, -470 + k * 75, 74, 10, p.w2, 3);
  }
  for (const lx of [x0, L / 2 - 30]) s += post(p, lx + 2, -20, 26, 20);
  return { svg: s, width: L, height: headH + 40 };
}

function cabinet(p: Paint, style: string, count: number): Drawn {
  let s = "";
  if (style === "gantung") {
    const W = 620;
    const y = -330;
    s += box(-W / 2 + 6, y + 8, W, 96, "#000", 8, ` opacity=".10"`);
    s += wood(p, -W / 2, y, W, 96, 4);
    for (let i = 0; i < 3; i++) {
      const dx = -W / 2 + 12 + (i * (W - 24)) / 3;
      s += box(dx + 3, y + 12, (W - 24) / 3 - 6, 72, "none", 3, ` stroke="${p.w3}" stroke-width="2.5" opacity=".45"`);
    }
    s += box(-W / 2 + 40, y - 46, W - 80, 46, "none");
    s += tv(0, y - 60, 400);
    return { svg: s, width: W, height: 620, wall: true };
  }
  const W = style === "ukir" ? 500 : 600;
  const H = style === "ukir" ? 300 : style === "rak" ? 560 : 190;
  const legH = style === "retro" ? 100 : style === "ukir" ? 50 : 40;
  const top = -legH - H;
  s += shadowUnder(W);
  for (const lx of [-W / 2 + 20, W / 2 - 44]) {
    s += style === "retro" ? `<g transform="rotate(${lx < 0 ? 8 : -8} ${lx + 12} ${-legH})">${post(p, lx, -legH, 22, legH + 4, 5)}</g>` : post(p, lx, -legH, 24, legH, 3);
  }
  s += wood(p, -W / 2, top, W, H, 4);
  s += wood(p, -W / 2 - 8, top - 16, W + 16, 18, 3, false);
  if (style === "ukir") {
    s += crest(p, -W / 2 + 40, top - 16, W - 80, 60);
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < 2; c++) {
        const dx = -W / 2 + 16 + c * ((W - 32) / 2);
        const dy = top + 16 + r * ((H - 32) / 2);
        const dw = (W - 32) / 2 - 8;
        const dh = (H - 32) / 2 - 8;
        s += box(dx, dy, dw, dh, `url(#${p.id}wv)`, 3, ` stroke="${p.w3}" stroke-width="2" stroke-opacity=".5"`);
        s += `<ellipse cx="${n(dx + dw / 2)}" cy="${n(dy + dh / 2)}" rx="${n(dw * 0.3)}" ry="${n(dh * 0.26)}" fill="none" stroke="${p.w3}" stroke-width="3" opacity=".4"/>`;
        s += knob(dx + dw / 2, dy + dh / 2, 7);
      }
  } else if (style === "rak") {
    const rand = rng(count * 7919);
    const shelves = 5;
    const sh = (H - 20) / shelves;
    s += box(-W / 2 + 14, top + 10, W - 28, H - 20, p.w3, 2, ` opacity=".55"`);
    for (let k = 0; k < shelves; k++) {
      const sy = top + 10 + sh * (k + 1);
      let bx = -W / 2 + 22;
      const end = W / 2 - 22 - (k % 2 ? 120 : 0);
      while (bx < end - 30) {
        const bw = 16 + rand() * 20;
        const bh = sh * (0.55 + rand() * 0.35);
        const col = [p.f1, "#8c3b2e", "#2f4858", "#c9a045", "#e9e1d2", "#55704f", p.f2][Math.floor(rand() * 7)] ?? p.f1;
        s += box(bx, sy - bh, bw, bh, col, 2);
        s += box(bx + 3, sy - bh + 10, bw - 6, 3, "#fff", 0, ` opacity=".35"`);
        bx += bw + 2;
      }
      if (k % 2) s += `<path d="M${end + 40} ${n(sy)} q-4 -36 16 -44 q20 8 16 44 Z" fill="${lighten(p.f1, 0.35)}"/>`;
      s += wood(p, -W / 2 + 10, sy, W - 20, 12, 0, false);
    }
  } else {
    // doors left/right, open niche or drawers in the middle
    const third = (W - 32) / 3;
    for (let i = 0; i < 3; i++) {
      const dx = -W / 2 + 16 + i * third;
      if (i === 1 && style === "tv") {
        s += box(dx + 4, top + 14, third - 8, H - 28, darken(p.w3, 0.3), 3);
        s += box(dx + 24, top + H - 58, third - 48, 24, "#222", 3);
        s += `<circle cx="${n(dx + third - 40)}" cy="${top + H - 46}" r="3" fill="#7fd08a"/>`;
      } else if (style === "retro") {
        s += box(dx + 4, top + 14, third - 8, H - 28, lighten(p.w1, 0.45), 3);
        s += box(dx + 4, top + 14, third - 8, H - 28, `url(#${p.id}rt)`, 3);
        s += box(dx + 4, top + 14, third - 8, H - 28, "none", 3, ` stroke="${p.w2}" stroke-width="6"`);
      } else {
        s += box(dx + 4, top + 14, third - 8, H - 28, "none", 3, ` stroke="${p.w3}" stroke-width="2.5" opacity=".5"`);
        s += knob(i === 0 ? dx + third - 22 : dx + 22, top + H / 2);
      }
    }
    if (style === "tv") s += tv(0, top - 20, 440);
    else s += vase(p, W / 2 - 90, top - 16, 0.8);
  }
  return { svg: s, width: W + 16, height: style === "tv" ? H + legH + 290 : H + legH + 80 };
}

function tv(cx: number, bottom: number, w: number): string {
  const h = w * 0.58;
  return `<rect x="${n(cx - 40)}" y="${n(bottom - 10)}" width="80" height="10" rx="3" fill="#2b2b2b"/>
<rect x="${n(cx - w / 2)}" y="${n(bottom - h - 14)}" width="${n(w)}" height="${n(h)}" rx="6" fill="#1d1f22"/>
<rect x="${n(cx - w / 2 + 8)}" y="${n(bottom - h - 6)}" width="${n(w - 16)}" height="${n(h - 16)}" rx="2" fill="#2c3338"/>
<polygon points="${n(cx - w / 2 + 8)},${n(bottom - h - 6)} ${n(cx - w / 10)},${n(bottom - h - 6)} ${n(cx - w / 2 + 8 + w * 0.05)},${n(bottom - 22)} ${n(cx - w / 2 + 8)},${n(bottom - 22)}" fill="#fff" opacity=".06"/>`;
}

function vase(p: Paint, x: number, bottom: number, k: number): string {
  const c = lighten(p.f1, 0.25);
  return `<g transform="translate(${n(x)} ${n(bottom)}) scale(${k})"><path d="M-22 0 q-18 -46 0 -84 l-6 -24 h56 l-6 24 q18 38 0 84 Z" fill="${c}"/><path d="M-10 -10 q-10 -40 4 -70" stroke="#fff" stroke-width="5" opacity=".35" fill="none"/>
<path d="M6 -106 q-30 -70 -70 -100 M6 -106 q10 -80 30 -120 M6 -106 q40 -40 70 -60" stroke="${darken(p.w1, 0.2)}" stroke-width="4" fill="none" stroke-linecap="round"/>
<circle cx="-64" cy="-206" r="8" fill="${p.f0}"/><circle cx="36" cy="-226" r="7" fill="${p.f0}"/><circle cx="76" cy="-166" r="6" fill="${p.f0}"/></g>`;
}

function terraceChair(p: Paint, style: string, cushion: boolean): Drawn {
  const W = 300;
  let s = shadowUnder(W + (style === "goyang" ? 80 : 0));
  if (style === "goyang") s += `<path d="M-200 -30 Q0 30 200 -30" stroke="url(#${p.id}wv)" stroke-width="20" fill="none" stroke-linecap="round"/>`;
  const legTop = -200;
  // back legs/posts (behind), back slats
  s += post(p, -W / 2 + 20, -480, 22, 480 - (style === "goyang" ? 20 : 0));
  s += post(p, W / 2 - 42, -480, 22, 480 - (style === "goyang" ? 20 : 0));
  s += wood(p, -W / 2 + 10, -500, W - 20, 40, 12, false);
  for (let k = 0; k < 6; k++) s += post(p, -W / 2 + 56 + k * 34, -462, 16, 250);
  s += wood(p, -W / 2 + 20, -232, W - 40, 18, 3, false);
  if (cushion) {
    s += box(-W / 2 + 40, -420, W - 80, 190, `url(#${p.id}fv)`, 26);
    s += `<line x1="0" y1="-400" x2="0" y2="-250" stroke="${p.f2}" stroke-width="3" opacity=".5"/>`;
  }
  // seat
  s += `<polygon points="${-W / 2 - 10},${legTop} ${W / 2 + 10},${legTop} ${W / 2 - 10},${legTop - 40} ${-W / 2 + 10},${legTop - 40}" fill="${p.w0}"/>`;
  s += wood(p, -W / 2 - 10, legTop, W + 20, 26, 3, false);
  if (cushion) s += box(-W / 2 + 6, legTop - 44, W - 12, 40, `url(#${p.id}fv)`, 14);
  // front legs
  for (const lx of [-W / 2 - 6, W / 2 - 18]) s += post(p, lx, legTop + 20, 24, -legTop - 20 - (style === "goyang" ? 20 : 0));
  // arms
  for (const side of [-1, 1]) {
    const ax = side < 0 ? -W / 2 - 26 : W / 2 - 14;
    s += post(p, ax + 10, -310, 18, 110);
    s += wood(p, ax - 6, -326, 46, 22, 10, false);
  }
  return { svg: s, width: W + 100, height: 510 };
}

function lounger(p: Paint, cushion: boolean): Drawn {
  // Side view of a Javanese "kursi malas" (planter's chair): reclined back, long arms.
  let s = shadowUnder(520);
  const stroke = (d: string, w: number, c = `url(#${p.id}wh)`) =>
    `<path d="${d}" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  s += stroke("M-170 -4 L-150 -190", 22, p.w2); // back leg (far side, darker)
  s += stroke("M160 -4 L150 -300", 22);
  s += stroke("M-150 -176 L-280 -500", 24); // reclined back frame
  s += stroke("M-170 -186 L170 -214", 22); // seat rail
  if (cushion) {
    s += `<path d="M-150 -196 L-270 -486 Q-250 -500 -236 -490 L-118 -210 L160 -232 Q176 -222 166 -208 L-140 -178 Z" fill="url(#${p.id}fv)"/>`;
    s += `<path d="M-196 -330 L-170 -318 M-224 -400 L-198 -388" stroke="${p.f2}" stroke-width="3" opacity=".6"/>`;
  }
  s += stroke("M-120 -4 L-100 -190", 22); // near back leg
  s += stroke("M200 -4 L190 -300", 22); // near front leg
  // long arms that reach forward past the front legs (legs rest on them)
  // (solid colours: a gradient on a perfectly straight stroke has an empty bounding box)
  s += stroke("M-60 -300 L-60 -200", 14, p.w2);
  s += stroke("M-230 -300 L250 -300", 20, p.w1);
  s += stroke("M-226 -306 L246 -306", 4, p.w0);
  s += stroke("M-230 -300 L-262 -322", 14, p.w1);
  return { svg: s, width: 600, height: 520 };
}

function bench(p: Paint): Drawn {
  const W = 560;
  let s = shadowUnder(W);
  for (const lx of [-W / 2 + 24, W / 2 - 48]) s += post(p, lx, -420, 24, 420);
  for (let k = 0; k < 3; k++) s += wood(p, -W / 2 + 20, -400 + k * 52, W - 40, 32, 6, true);
  s += `<polygon points="${-W / 2 - 10},-200 ${W / 2 + 10},-200 ${W / 2 - 10},-236 ${-W / 2 + 10},-236" fill="${p.w0}"/>`;
  for (let k = 0; k < 3; k++) s += box(-W / 2 + 6 - k * 4, -236 + k * 12, W - 12 + k * 8, 10, k % 2 ? p.w1 : p.w0, 3);
  s += wood(p, -W / 2 - 10, -200, W + 20, 24, 3, false);
  for (const lx of [-W / 2 - 4, W / 2 - 20]) s += post(p, lx, -180, 24, 180);
  for (const side of [-1, 1]) {
    const ax = side < 0 ? -W / 2 - 30 : W / 2 - 16;
    s += post(p, ax + 12, -320, 18, 120);
    s += wood(p, ax - 4, -336, 50, 20, 9, false);
  }
  return { svg: s, width: W + 60, height: 440 };
}

function terraceSet(p: Paint): Drawn {
  const chair = terraceChair(p, "arm", true).svg;
  let s = `<g transform="translate(-250 0) scale(.78)">${chair}</g><g transform="translate(250 0) scale(.78)">${chair}</g>`;
  s += shadowUnder(200);
  s += post(p, -14, -220, 28, 220, 3);
  s += `<path d="M-80 0 Q0 -30 80 0" fill="${p.w2}"/>`;
  s += `<ellipse cx="0" cy="-230" rx="120" ry="22" fill="${p.w0}"/>` + box(-120, -230, 240, 16, `url(#${p.id}wv)`);
  s += `<ellipse cx="-20" cy="-246" rx="22" ry="6" fill="#fff"/><path d="M-36 -246 h32 v-24 q-16 -6 -32 0 Z" fill="#fbfaf6"/><path d="M-4 -262 q14 0 12 10" stroke="#fbfaf6" stroke-width="4" fill="none"/>`;
  return { svg: s, width: 760, height: 420 };
}

function plant(p: Paint, style: string): Drawn {
  let s = shadowUnder(220);
  const standH = style === "berkaki" ? 180 : 0;
  if (standH) {
    for (const lx of [-80, 60]) s += `<g transform="rotate(${lx < 0 ? 6 : -6} ${lx + 10} ${-standH})">${post(p, lx, -standH, 20, standH, 4)}</g>`;
    s += wood(p, -96, -standH - 16, 192, 18, 4, false);
  }
  const potTop = -standH - 16 - 170;
  s += `<path d="M-86 ${potTop} h172 l-22 170 h-128 Z" fill="url(#${p.id}wv)"/><path d="M-86 ${potTop} h172 l-22 170 h-128 Z" fill="url(#${p.id}gr)"/>`;
  s += box(-92, potTop - 10, 184, 22, p.w0, 6);
  const leaf = "#5d7d4f";
  const leaf2 = "#7c9a63";
  const rand = rng(standH + 17);
  for (let k = 0; k < 11; k++) {
    const a = -75 + k * 15 + (rand() - 0.5) * 8;
    const len = 190 + rand() * 120;
    s += `<g transform="translate(0 ${potTop}) rotate(${n(a)})"><ellipse cx="0" cy="${n(-len / 2)}" rx="${n(30 + rand() * 16)}" ry="${n(len / 2)}" fill="${k % 2 ? leaf : leaf2}"/><line x1="0" y1="0" x2="0" y2="${n(-len + 10)}" stroke="#3f5a35" stroke-width="3" opacity=".5"/></g>`;
  }
  return { svg: s, width: 420, height: -potTop + 320 };
}

function mirror(p: Paint): Drawn {
  let s = shadowUnder(260);
  for (const lx of [-120, 100]) s += post(p, lx, -420, 20, 420, 3);
  s += box(-130, -140, 260, 14, p.w2, 4);
  s += `<ellipse cx="0" cy="-470" rx="150" ry="230" fill="url(#${p.id}wv)"/>`;
  s += `<ellipse cx="0" cy="-470" rx="150" ry="230" fill="url(#${p.id}gr)"/>`;
  for (let k = 0; k < 24; k++) {
    const a = (k / 24) * Math.PI * 2;
    s += `<circle cx="${n(Math.cos(a) * 136)}" cy="${n(-470 + Math.sin(a) * 214)}" r="5" fill="${p.w3}" opacity=".45"/>`;
  }
  s += `<ellipse cx="0" cy="-470" rx="118" ry="196" fill="url(#${p.id}gl)"/>`;
  s += `<path d="M-60 -600 L10 -640 L-80 -330 L-100 -380 Z" fill="#fff" opacity=".25"/>`;
  s += crest(p, -80, -690, 160, 60);
  return { svg: s, width: 320, height: 760 };
}

function wallShelf(p: Paint): Drawn {
  let s = "";
  const rows: Array<[number, number, number]> = [
    [-160, -520, 300],
    [60, -400, 260],
    [-120, -270, 340],
  ];
  for (const [x, y, w] of rows) {
    s += box(x - w / 2 + 8, y + 16, w, 16, "#000", 6, ` opacity=".08"`);
    // a root-wood shelf: irregular front edge
    s += `<path d="M${x - w / 2} ${y} q${w * 0.25} -8 ${w / 2} 0 t${w / 2} 2 l-6 22 q${-w * 0.3} 10 ${-w + 12} -2 Z" fill="url(#${p.id}wv)"/>`;
    s += `<path d="M${x - w / 2} ${y} q${w * 0.25} -8 ${w / 2} 0 t${w / 2} 2 l-6 22 q${-w * 0.3} 10 ${-w + 12} -2 Z" fill="url(#${p.id}gr)"/>`;
  }
  s += vase(p, -200, -522, 0.7);
  s += box(-100, -590, 22, 68, p.f1, 2) + box(-76, -580, 18, 58, "#2f4858", 2) + box(-56, -586, 20, 64, "#c9a045", 2);
  s += `<path d="M40 -402 q-4 -40 20 -50 q24 10 20 50 Z" fill="${p.f0}"/><circle cx="140" cy="-430" r="28" fill="none" stroke="${p.w2}" stroke-width="8"/>`;
  s += `<path d="M-180 -272 h70 l-8 -50 h-54 Z" fill="${lighten(p.f1, 0.3)}"/>` + `<path d="M-145 -322 q-20 -60 -60 -70 M-145 -322 q10 -60 40 -80 M-145 -322 q-2 -50 -4 -90" stroke="#5d7d4f" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  s += box(-20, -300, 80, 28, "#55704f", 2) + box(-14, -320, 70, 20, "#8c3b2e", 2);
  return { svg: s, width: 600, height: 700, wall: true };
}

function lamp(p: Paint): Drawn {
  let s = shadowUnder(200);
  s += `<ellipse cx="0" cy="-620" rx="180" ry="200" fill="url(#glow)"/>`;
  s += `<path d="M0 -470 L-110 0 M0 -470 L110 0 M0 -470 L20 -10" stroke="url(#${p.id}wh)" stroke-width="16" stroke-linecap="round" fill="none"/>`;
  s += post(p, -8, -620, 16, 160);
  s += `<path d="M-110 -700 h220 l30 170 h-280 Z" fill="#f6ecd6"/><path d="M-110 -700 h220 l30 170 h-280 Z" fill="url(#${p.id}rt)" opacity=".25"/>`;
  s += `<path d="M-110 -700 h30 l-10 170 h-50 Z" fill="#fff" opacity=".35"/><path d="M80 -700 h30 l30 170 h-50 Z" fill="#000" opacity=".08"/>`;
  return { svg: s, width: 320, height: 760 };
}

function vases(p: Paint): Drawn {
  let s = shadowUnder(360);
  const shapes: Array<[number, number, number]> = [
    [-120, 1.0, 0],
    [10, 1.45, 1],
    [130, 0.8, 2],
  ];
  for (const [x, k, i] of shapes) {
    const h = 180 * k;
    const w = 70 + i * 8;
    s += `<path d="M${x - w / 3} 0 C${x - w} ${-h * 0.2} ${x - w} ${-h * 0.6} ${x - w / 4} ${-h * 0.86} L${x - w / 4} ${-h} L${x + w / 4} ${-h} L${x + w / 4} ${-h * 0.86} C${x + w} ${-h * 0.6} ${x + w} ${-h * 0.2} ${x + w / 3} 0 Z" fill="url(#${p.id}wh)"/>`;
    s += `<path d="M${x - w / 3} 0 C${x - w} ${-h * 0.2} ${x - w} ${-h * 0.6} ${x - w / 4} ${-h * 0.86} L${x - w / 4} ${-h} L${x + w / 4} ${-h} L${x + w / 4} ${-h * 0.86} C${x + w} ${-h * 0.6} ${x + w} ${-h * 0.2} ${x + w / 3} 0 Z" fill="url(#${p.id}gr)"/>`;
    for (const band of [0.3, 0.55]) s += `<ellipse cx="${x}" cy="${n(-h * band)}" rx="${n(w * 0.62)}" ry="5" fill="${p.w3}" opacity=".35"/>`;
    if (i === 1) s += `<path d="M${x} ${-h} q-40 -120 -110 -170 M${x} ${-h} q20 -120 70 -200 M${x} ${-h} q-6 -90 -2 -220" stroke="${p.w3}" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="${x - 110}" cy="${-h - 170}" r="10" fill="${p.f0}"/><circle cx="${x + 70}" cy="${-h - 200}" r="9" fill="${p.f0}"/><circle cx="${x - 2}" cy="${-h - 222}" r="9" fill="${p.f0}"/>`;
  }
  return { svg: s, width: 420, height: 520 };
}

/** Draws one piece with its own gradients (ids prefixed so several pieces share an SVG). */
export function drawFurniture(spec: FurnitureSpec, id: string): Drawn {
  const p = makePaint(id, spec.wood, spec.fabric);
  const style = spec.style ?? "";
  const count = spec.count ?? 0;
  let d: Drawn;
  switch (spec.kind) {
    case "sofa":
      d = sofa(p, count || 3, style);
      break;
    case "dining":
      d = dining(p, style, count || 4);
      break;
    case "wardrobe":
      d = wardrobe(p, count || 2, style);
      break;
    case "bed":
      d = bed(p, style);
      break;
    case "cabinet":
      d = cabinet(p, style, count);
      break;
    case "bookshelf":
      d = cabinet(p, "rak", count);
      break;
    case "terraceChair":
      d = terraceChair(p, style, style !== "polos");
      break;
    case "lounger":
      d = lounger(p, true);
      break;
    case "bench":
      d = bench(p);
      break;
    case "terraceSet":
      d = terraceSet(p);
      break;
    case "plant":
      d = plant(p, style);
      break;
    case "mirror":
      d = mirror(p);
      break;
    case "wallShelf":
      d = wallShelf(p);
      break;
    case "lamp":
      d = lamp(p);
      break;
    case "vases":
      d = vases(p);
      break;
  }
  return { ...d, svg: paintDefs(p) + d.svg };
}
