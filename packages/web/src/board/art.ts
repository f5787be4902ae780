/**
 * Original piece art for every game, as SVG markup in a 100 × 100 cell. Each drawing reads only the piece model's
 * attributes (kind, owner, force, face, arrows…): what a piece is comes from the catalogue, how it looks is here.
 *
 * - Draughts: turned wooden men with grooves; a king wears a crown.
 * - Force 400: a disc in its owner's colour with its force number, as the IBM version showed; the king is crowned,
 *   and pips count the turns a man still waits to recharge.
 * - Tactics: the help page's rounded square tiles — arrows on the mobile face, the opponent's colour with an S and
 *   diamonds where the arrow tips were on the frozen face, and a star on each side of Black's pieces.
 * - Tactrix!: the manual's seven shapes (jerk circle, jumpnar circle in a square, wrapnoid in parentheses, verticon
 *   spot with a vertical line, diaganoid X, regeneroid ripples, king crown).
 * - Tactorus: tiles in each player's colour with the flag, the gun, the horseshoe and the helmet.
 */
import type { PieceModel } from '@tactica/catalogue';
import type { PieceArt } from './types.js';

const INK = ['#f6f1e6', '#26221e'] as const;
const EDGE = ['#6e5a3c', '#000000'] as const;
const CONTRAST = ['#26221e', '#f6f1e6'] as const;
const GOLD = '#d9a521';

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A game's own attribute of a piece (`king`, `force`, `face`…): the board model's pieces are each game's extension
 * of `PieceModel`, and the art of a game reads its own, checking what it finds.
 */
function field(piece: PieceModel, key: string): unknown {
  return Reflect.get(piece, key);
}

function numberField(piece: PieceModel, key: string): number {
  const v = field(piece, key);
  return typeof v === 'number' ? v : 0;
}

function crown(cx: number, cy: number, w: number, fill = GOLD): string {
  const h = w * 0.62;
  const x = cx - w / 2;
  const y = cy - h / 2;
  return `<path d="M${x} ${y + h} L${x} ${y + h * 0.25} L${x + w * 0.25} ${y + h * 0.55} L${cx} ${y} L${x + w * 0.75} ${y + h * 0.55} L${x + w} ${y + h * 0.25} L${x + w} ${y + h} Z" fill="${fill}" stroke="#5b430c" stroke-width="2.5" stroke-linejoin="round"/>`;
}

export const draughtsArt: PieceArt = (piece) => {
  const o = piece.owner;
  const king = field(piece, 'king') === true || piece.kind === 'king';
  const body =
    `<circle cx="50" cy="54" r="38" fill="${EDGE[o]}" opacity="0.45"/>` +
    `<circle cx="50" cy="50" r="38" fill="${INK[o]}" stroke="${EDGE[o]}" stroke-width="3"/>` +
    `<circle cx="50" cy="50" r="29" fill="none" stroke="${EDGE[o]}" stroke-width="2" opacity="0.6"/>` +
    `<circle cx="50" cy="50" r="19" fill="none" stroke="${EDGE[o]}" stroke-width="1.5" opacity="0.45"/>`;
  return king ? body + crown(50, 50, 40) : body;
};

export const force400Art: PieceArt = (piece) => {
  const o = piece.owner;
  const force = numberField(piece, 'force');
  const king = field(piece, 'king') === true;
  const wait = numberField(piece, 'wait');
  let s =
    `<circle cx="50" cy="50" r="42" fill="${INK[o]}" stroke="${king ? GOLD : EDGE[o]}" stroke-width="${king ? 6 : 3}"/>` +
    `<text x="50" y="${king ? 70 : 63}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${force > 9 ? 36 : 40}" fill="${CONTRAST[o]}">${esc(String(force))}</text>`;
  if (king) s += crown(50, 27, 30);
  for (let i = 0; i < wait; i++) s += `<circle cx="${80 - i * 9}" cy="86" r="3.5" fill="#3b82f6"/>`;
  return s;
};

const ARROW_ANGLE: Readonly<Record<string, number>> = {
  n: 0,
  ne: 45,
  e: 90,
  se: 135,
  s: 180,
  sw: 225,
  w: 270,
  nw: 315,
};

export const tacticsArt: PieceArt = (piece) => {
  const shown = field(piece, 'face');
  const face = shown === 0 || shown === 1 ? shown : piece.owner;
  const frozen = field(piece, 'frozen') === true;
  const directions = field(piece, 'directions');
  const dirs: readonly string[] = Array.isArray(directions) ? directions : [];
  const ink = CONTRAST[face];
  let s = `<rect x="10" y="10" width="80" height="80" rx="16" fill="${INK[face]}" stroke="${EDGE[face]}" stroke-width="3"/>`;
  if (frozen) {
    // The frozen face: the opponent's colour, an S, diamonds where the arrow tips were.
    s += `<rect x="16" y="16" width="68" height="68" rx="11" fill="none" stroke="${ink}" stroke-width="1" stroke-dasharray="2 4" opacity="0.6"/>`;
    for (const d of dirs) {
      const a = ARROW_ANGLE[d] ?? 0;
      s += `<g transform="rotate(${a} 50 50)"><path d="M50 15 L55 21 L50 27 L45 21 Z" fill="${ink}"/></g>`;
    }
    s += `<text x="50" y="62" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="32" fill="${ink}">S</text>`;
  } else {
    for (const d of dirs) {
      const a = ARROW_ANGLE[d] ?? 0;
      s +=
        `<g transform="rotate(${a} 50 50)"><line x1="50" y1="50" x2="50" y2="22" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>` +
        `<path d="M50 15 L57 26 L43 26 Z" fill="${ink}"/></g>`;
    }
    s += `<circle cx="50" cy="50" r="5" fill="${ink}"/>`;
  }
  if (piece.owner === 1) {
    // The help page writes Black's pieces *R*: a star on each side.
    for (const x of [19, 81]) {
      s += `<text x="${x}" y="58" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="22" fill="${ink}">*</text>`;
    }
  }
  return s;
};

function tactrixShape(kind: string, ink: string): string {
  const line = `stroke="${ink}" stroke-width="5" fill="none" stroke-linecap="round"`;
  switch (kind) {
    case 'jerk':
      return `<circle cx="50" cy="50" r="12" ${line}/>`;
    case 'jumpnar':
      return `<rect x="30" y="30" width="40" height="40" ${line}/><circle cx="50" cy="50" r="10" ${line}/>`;
    case 'wrapnoid':
      return `<circle cx="50" cy="50" r="12" ${line}/><path d="M32 28 Q20 50 32 72" ${line}/><path d="M68 28 Q80 50 68 72" ${line}/>`;
    case 'verticon':
      return `<line x1="50" y1="22" x2="50" y2="78" ${line}/><circle cx="50" cy="50" r="9" fill="${ink}"/>`;
    case 'diaganoid':
      return `<line x1="28" y1="28" x2="72" y2="72" ${line} stroke-width="8"/><line x1="72" y1="28" x2="28" y2="72" ${line} stroke-width="8"/>`;
    case 'regeneroid':
      return `<circle cx="50" cy="50" r="5" fill="${ink}"/><circle cx="50" cy="50" r="14" ${line} stroke-width="3"/><circle cx="50" cy="50" r="23" ${line} stroke-width="3" opacity="0.8"/><circle cx="50" cy="50" r="31" ${line} stroke-width="2" opacity="0.55"/>`;
    case 'king':
      return crown(50, 52, 46, ink);
    default:
      return `<text x="50" y="62" text-anchor="middle" font-size="32" fill="${ink}">?</text>`;
  }
}

export const tactrixArt: PieceArt = (piece) => {
  const o = piece.owner;
  return (
    `<circle cx="50" cy="50" r="41" fill="${INK[o]}" stroke="${EDGE[o]}" stroke-width="3"/>` +
    tactrixShape(piece.kind, CONTRAST[o])
  );
};

const TACTORUS_FILL = ['#2f6fb3', '#b8402f'] as const;
const TACTORUS_EDGE = ['#173a61', '#5e1c12'] as const;

function tactorusShape(kind: string): string {
  const w = '#ffffff';
  const line = `stroke="${w}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'flag':
      return `<line x1="34" y1="22" x2="34" y2="80" ${line}/><path d="M36 24 L72 34 L36 46 Z" fill="${w}"/>`;
    case 'artillery':
      return `<line x1="34" y1="58" x2="76" y2="30" ${line} stroke-width="9"/><circle cx="40" cy="66" r="13" ${line}/><circle cx="40" cy="66" r="3" fill="${w}"/>`;
    case 'cavalry':
      return `<path d="M32 76 L32 46 Q32 24 50 24 Q68 24 68 46 L68 76" ${line} stroke-width="9"/><line x1="26" y1="76" x2="38" y2="76" ${line}/><line x1="62" y1="76" x2="74" y2="76" ${line}/>`;
    case 'infantry':
      return `<path d="M24 56 Q24 28 50 28 Q76 28 76 56 Z" fill="${w}"/><line x1="18" y1="60" x2="82" y2="60" ${line}/><line x1="50" y1="62" x2="50" y2="80" ${line}/>`;
    default:
      return '';
  }
}

export const tactorusArt: PieceArt = (piece) => {
  const o = piece.owner;
  return (
    `<rect x="11" y="11" width="78" height="78" rx="10" fill="${TACTORUS_FILL[o]}" stroke="${TACTORUS_EDGE[o]}" stroke-width="3"/>` +
    tactorusShape(piece.kind)
  );
};

/** A piece drawn alone, as a small SVG (a purchase button, a legend). */
export function pieceIcon(art: PieceArt, piece: PieceModel, size = 32): string {
  return `<svg viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true">${art(piece)}</svg>`;
}
