/**
 * Saves a learner's answers as they go, free of React: each change is sent after a pause (or at
 * once, for a choice or on leaving the field); saves of one question run one after another so
 * an older answer never lands after a newer one; only the newest unsent answer is sent.
 */
import type { AnswerInput } from '../api/assessments';

export type SaveState = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed';

export type SaveFn = (questionId: number, answer: AnswerInput) => Promise<void>;
export type StateFn = (questionId: number, state: SaveState, error?: unknown) => void;

export class AnswerSaver {
  private readonly pending = new Map<number, AnswerInput>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly chains = new Map<number, Promise<void>>();
  private readonly failed = new Set<number>();
  private disposed = false;

  constructor(
    private readonly save: SaveFn,
    private readonly onState: StateFn,
    private readonly delayMs = 1200,
  ) {}

  /** A new answer to `questionId`: sent after the pause, or at once with `immediate`. */
  change(questionId: number, answer: AnswerInput, immediate = false): void {
    if (this.disposed) return;
    this.pending.set(questionId, answer);
    this.onState(questionId, 'unsaved');
    this.clearTimer(questionId);
    if (immediate) void this.flush(questionId);
    else this.timers.set(questionId, setTimeout(() => void this.flush(questionId), this.delayMs));
  }

  /** Sends the question's newest unsent answer now; true when it is saved. */
  flush(questionId: number): Promise<boolean> {
    this.clearTimer(questionId);
    const before = this.chains.get(questionId) ?? Promise.resolve();
    const next = before.then(() => this.sendLatest(questionId));
    this.chains.set(questionId, next);
    return next.then(() => !this.failed.has(questionId));
  }

  /** Sends every unsent answer and waits for every save; true when all are saved. */
  async flushAll(): Promise<boolean> {
    const ids = new Set<number>([...this.pending.keys(), ...this.timers.keys(), ...this.failed]);
    await Promise.all([...ids].map((id) => this.flush(id)));
    await Promise.all([...this.chains.values()]);
    return this.failed.size === 0 && this.pending.size === 0;
  }

  hasUnsaved(): boolean {
    return this.pending.size > 0 || this.failed.size > 0;
  }

  /** Stops the timers and sends what is still unsent (the page is going away). */
  dispose(): void {
    if (this.disposed) return;
    for (const id of [...this.timers.keys()]) void this.flush(id);
    this.disposed = true;
  }

  private clearTimer(questionId: number): void {
    const t = this.timers.get(questionId);
    if (t !== undefined) clearTimeout(t);
    this.timers.delete(questionId);
  }

  private async sendLatest(questionId: number): Promise<void> {
    const answer = this.pending.get(questionId);
    if (answer === undefined) return;
    this.pending.delete(questionId);
    this.onState(questionId, 'saving');
    try {
      await this.save(questionId, answer);
      this.failed.delete(questionId);
      // A newer answer typed meanwhile keeps the question "unsaved" until it is sent.
      if (!this.pending.has(questionId)) this.onState(questionId, 'saved');
    } catch (e) {
      this.failed.add(questionId);
      if (!this.pending.has(questionId)) {
        this.pending.set(questionId, answer);
        this.onState(questionId, 'failed', e);
      }
    }
  }
}
