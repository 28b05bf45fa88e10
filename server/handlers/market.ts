import type { TransactionType } from '../../src/api/types';
import type { HandlerMap } from '../context';
import { fail, CODE } from '../envelope';
import { hasMessage } from '../messages';
import { bourseExists, contractTypes, listBourses } from '../store/bourses';
import { id } from '../validate';

export const marketHandlers: HandlerMap = {
  async bourseGet(call) {
    return call.ok(await listBourses(call.app.db));
  },

  async transactionTypeGet(call) {
    const bourseId = id(call.payload, 'bourseId');
    const { db } = call.app;
    if (!(await bourseExists(db, bourseId))) throw fail(CODE.badRequest, 'err.bourseNotFound', { id: bourseId });
    const data: TransactionType[] = (await contractTypes(db, bourseId)).map((type) => {
      const key = `contract.${type}`;
      return { id: type, name: hasMessage(key) ? call.t(key) : String(type) };
    });
    return call.ok(data);
  },
};
