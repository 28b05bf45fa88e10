import type { Bourse, TransactionType } from '../../src/api/types';
import type { HandlerMap } from '../context';
import { fail, CODE } from '../envelope';
import { hasMessage } from '../messages';
import { id } from '../validate';

export const marketHandlers: HandlerMap = {
  async bourseGet(call) {
    const rows = await call.app.db.all<Bourse>('SELECT id, name FROM bourses ORDER BY id');
    return call.ok(rows);
  },

  async transactionTypeGet(call) {
    const bourseId = id(call.payload, 'bourseId');
    const { db } = call.app;
    if (!(await db.get('SELECT id FROM bourses WHERE id = ?', [bourseId]))) throw fail(CODE.badRequest, 'err.bourseNotFound', { id: bourseId });
    const rows = await db.all<{ type_id: number }>('SELECT type_id FROM transaction_types WHERE bourse_id = ? ORDER BY type_id', [bourseId]);
    const data: TransactionType[] = rows.map(({ type_id }) => {
      const key = `contract.${type_id}`;
      return { id: type_id, name: hasMessage(key) ? call.t(key) : String(type_id) };
    });
    return call.ok(data);
  },
};
