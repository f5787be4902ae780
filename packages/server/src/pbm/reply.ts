/** The pieces of the gateway's replies its verb handlers share. */
import type { PbmReply } from './gateway.js';

/** A command carried out: its reply mail, with a final newline. */
export function ok(subject: string, text: string, extra: Partial<PbmReply> = {}): PbmReply {
  return { ok: true, subject, text: text.endsWith('\n') ? text : `${text}\n`, ...extra };
}

/** Splits Tactorus orders written in a body or a Subject: blanks, commas, semicolons and lines between them. */
export function orderWords(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((w) => w.trim())
    .filter((w) => w !== '');
}
