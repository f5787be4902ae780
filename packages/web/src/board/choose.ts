/**
 * The "which one?" box: when several legal inputs share the squares picked (a draughts capture by two paths, a
 * Force 400 transfer of any amount), the board asks which, over itself. Options are buttons that show their path as
 * they are pointed at; many numeric choices of one act are an amount to type, worded by the game
 * (`amountQuestion`).
 */
import { html } from './dom.js';
import { renderMarks } from './render.js';
import type { BoardState } from './state.js';
import type { LegalInput } from './types.js';

/** Asks which of `candidates` is meant; undefined when the person cancels (or the box is closed). */
export function choose(s: BoardState, candidates: readonly LegalInput[]): Promise<LegalInput | undefined> {
  s.choosing?.close();
  return new Promise((resolve) => {
    const box = html('div', 'tb-choose');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', 'Which move?');
    const title = html('div', 'tb-choose-title', 'Which one?');
    box.append(title);
    let settled = false;
    const finish = (c: LegalInput | undefined): void => {
      if (settled) return;
      settled = true;
      box.remove();
      s.choosing = undefined;
      s.previewPath = [];
      renderMarks(s);
      resolve(c);
      s.dom.svg.focus();
    };
    const byAction = new Map<string, LegalInput[]>();
    for (const c of candidates) byAction.set(c.action, [...(byAction.get(c.action) ?? []), c]);
    for (const [action, list] of byAction) {
      const numeric = list.length > 6 && list.every((c) => c.choice !== undefined && /^\d+$/.test(c.choice));
      if (numeric) box.append(amountRow(s, action, list, title, byAction.size === 1, finish));
      else for (const c of list) box.append(optionButton(s, c, finish));
    }
    const cancel = html('button', 'tb-choose-cancel', 'Cancel');
    cancel.type = 'button';
    cancel.addEventListener('click', () => finish(undefined));
    box.append(cancel);
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        finish(undefined);
      }
    });
    s.container.append(box);
    s.choosing = { close: () => finish(undefined) };
    (box.querySelector('input, .tb-choose-option') as HTMLElement | null)?.focus();
  });
}

/** One option, which marks its path and captures while pointed at or focused. */
function optionButton(s: BoardState, c: LegalInput, finish: (c: LegalInput) => void): HTMLButtonElement {
  const b = html('button', 'tb-choose-option', c.label);
  b.type = 'button';
  b.dataset['choice'] = c.choice ?? '';
  b.addEventListener('click', () => finish(c));
  const preview = (): void => {
    s.previewPath = [...(c.path ?? []), ...(c.captures ?? [])];
    renderMarks(s);
  };
  b.addEventListener('mouseenter', preview);
  b.addEventListener('focus', preview);
  return b;
}

/** An act's amount to type, within its legal range; the box's title asks for it when it is the only act. */
function amountRow(
  s: BoardState,
  action: string,
  list: readonly LegalInput[],
  title: HTMLElement,
  only: boolean,
  finish: (c: LegalInput) => void,
): HTMLFormElement {
  const values = list.map((c) => Number(c.choice));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const asked = { action, from: list[0]?.from, to: list[0]?.to, min, max };
  const question = s.config.amountQuestion?.(asked);
  // Titled for what it asks (it read "Which one?"); with other acts beside it, which act is the question.
  title.textContent = only ? (question?.title ?? `${action}: how much?`) : 'Which act?';
  const proposed = question ? Math.min(max, Math.max(min, Math.round(question.value))) : max;
  const row = html('form', 'tb-choose-amount');
  const label = html('label', '', `${question?.label ?? `${action} (${min}–${max})`} `);
  const input = html('input', '');
  Object.assign(input, {
    type: 'number',
    min: String(min),
    max: String(max),
    value: String(proposed),
    name: 'amount',
  });
  label.append(input);
  const ok = html('button', 'tb-choose-ok', 'OK');
  ok.type = 'submit';
  row.append(label, ok);
  row.addEventListener('submit', (e) => {
    e.preventDefault();
    const picked = list.find((c) => c.choice === String(Number(input.value)));
    if (picked) finish(picked);
    else input.setCustomValidity(`from ${min} to ${max}`);
  });
  return row;
}
