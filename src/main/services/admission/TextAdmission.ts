import type { SpendLedger } from '../journal/SpendLedger'

/**
 * A chat reply request in the ledger (kind `text`), the text door of admission: text models have
 * no published rate, so there is no estimate for the budget gate to weigh, and the row is counted,
 * never priced. Opened before the request is sent, in the active project; settled when the reply
 * arrived, failed only on a definitive refusal. Writes run in the order asked (a reply's row is
 * opened before it is ended), and a failure to record never disturbs the chat itself: for text
 * the ledger is a record, not a gate.
 */
export class TextAdmission {
  private writes: Promise<void> = Promise.resolve()

  constructor(
    private readonly o: {
      ledger: Pick<SpendLedger, 'open' | 'setStatus'>
      demo(): Promise<boolean>
      project(): Promise<string | null>
      now(): number
    },
  ) {}

  opened(request: { id: string; model: string; prompt: string }): void {
    const createdAt = this.o.now()
    this.inOrder(async () =>
      this.o.ledger.open({
        id: request.id,
        taskId: null,
        batchId: null,
        kind: 'text',
        taskKind: 'chat',
        model: request.model,
        amountUsd: null,
        basis: 'none',
        createdAt,
        demo: await this.o.demo(),
        prompt: request.prompt,
        project: await this.o.project(),
      }),
    )
  }

  ended(id: string, status: 'settled' | 'failed'): void {
    const at = this.o.now()
    this.inOrder(() => this.o.ledger.setStatus(id, status, at))
  }

  /** Resolves when every write asked for so far is done. */
  idle(): Promise<void> {
    return this.writes
  }

  private inOrder(write: () => Promise<void> | void): void {
    this.writes = this.writes.then(write).catch(() => {})
  }
}
