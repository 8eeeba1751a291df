import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A stand-in database: a transaction is a list of writes, kept only when the work succeeds. */
function fakeDb() {
  const committed: string[][] = [];
  const transaction = async <T>(fn: (writes: string[]) => Promise<T>): Promise<T> => {
    const writes: string[] = [];
    const answer = await fn(writes);
    committed.push(writes);
    return answer;
  };
  return { committed, transaction };
}

describe('group commit', () => {
  it('runs work submitted together in one transaction, in order, each seeing what the earlier ones wrote', async () => {
    const db = fakeDb();
    const group = new GroupCommit({ transaction: db.transaction, enabled: true });
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        group.run(async (writes) => {
          const seen = writes.length;
          writes.push(name);
          return `${name} after ${seen}`;
        }),
      ),
    );
    expect(answers).toEqual(['a after 0', 'b after 1', 'c after 2']);
    expect(db.committed).toEqual([['a', 'b', 'c']]);
  });

  it('runs each piece alone when the shared transaction fails: only the piece at fault fails', async () => {
    const db = fakeDb();
    const group = new GroupCommit({ transaction: db.transaction, enabled: true });
    const results = await Promise.allSettled(
      ['a', 'bad', 'c'].map((name) =>
        group.run(async (writes) => {
          if (name === 'bad') throw new Error('refused');
          writes.push(name);
          return name;
        }),
      ),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'refused', 'c']);
    // The failed shared transaction kept nothing; then a and c committed on their own.
    expect(db.committed).toEqual([['a'], ['c']]);
  });

  it('takes at most maxBatch pieces per transaction, and later arrivals in the next one', async () => {
    const db = fakeDb();
    const group = new GroupCommit({ transaction: db.transaction, enabled: true, maxBatch: 2 });
    await Promise.all([1, 2, 3].map((n) => group.run(async (writes) => writes.push(String(n)))));
    expect(db.committed).toEqual([['1', '2'], ['3']]);
    await group.run(async (writes) => writes.push('4'));
    expect(db.committed).toEqual([['1', '2'], ['3'], ['4']]);
  });

  it('gives each piece its own transaction when grouping is off (PostgreSQL)', async () => {
    const db = fakeDb();
    const group = new GroupCommit({ transaction: db.transaction, enabled: false });
    await Promise.all(['a', 'b'].map((name) => group.run(async (writes) => writes.push(name))));
    expect(db.committed).toEqual([['a'], ['b']]);
  });
});
