/**
 * Something other than a person at the keyboard that chooses moves: a computer opponent (the AI package plugs in
 * here) or a scripted player in tests.
 */
export interface Agent<S, M> {
  /** Shown in the status line and announcements: `Computer (Smart)`. */
  readonly name: string;
  /** The level this agent plays at, as the game session records its seat (default: the name). */
  readonly level?: string;
  /** `timeMs`: what the clock allows for this move, when a clock runs. */
  chooseMove(s: S, timeMs?: number): Promise<M>;
  /** Answers a draw offer; computers that do not judge positions decline. */
  acceptsDraw?(s: S): boolean;
}

export type Seats<S, M> = readonly [Agent<S, M> | undefined, Agent<S, M> | undefined];
