import { fireEvent, screen } from '@testing-library/react';
import { MAIN_FILE_INPUT_ID, RELY_FILES_INPUT_ID } from '../../src/features/strategies/strategy-dialog';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import { envelope, onCall } from './msw';
import { userEvent as user } from './render';

/** Shared by the strategies*.test.tsx files: fixtures, msw recorders and the dialog's controls. */

export { user };

export const ARBITRAGE_2: ArbitrageStrategy = {
  id: 1,
  strategy_sole_id: 'a1b2c3d4e5f60718',
  name: 'arbitrage 2',
  initial_money: 100000,
  updatetime: '2025-01-02 03:04:05',
  default_params: JSON.stringify({
    currency_type: 'btc',
    is_borrow: false,
    dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
    m: 2,
  }),
  main_file: 'main_arbitrage2.py',
  rely_on_files: [],
};

export const VALID_MAIN = '# arbitrage 3/{"dlt":{"CW":0.01,"NW":0.02},"m":3,"is_borrow":true}/v1\n\ndef run(ctx):\n    pass\n';

/** The list answers with `rows` (a function, so a test can change what a refetch sees). */
export function listing(rows: () => ArbitrageStrategy[]) {
  let count = 0;
  const handler = onCall('strategyHome', () => {
    count++;
    return envelope(rows());
  });
  return { handler, calls: () => count };
}

/** Records each multipart save as the server receives it: fields as text, files as their contents, the parts' order and the Authorization header. */
export function recordSave(respond = () => envelope({ ...ARBITRAGE_2, id: 9 }, 200, '添加成功')) {
  const saves: { fields: Record<string, string>; files: Record<string, string[]>; order: string[]; authorization: string | null }[] = [];
  const handler = onCall('strategySaveFiles', async ({ request }) => {
    const authorization = request.headers.get('authorization');
    const form = await request.formData();
    const fields: Record<string, string> = {};
    const files: Record<string, string[]> = {};
    const order: string[] = [];
    for (const [key, value] of form.entries()) {
      order.push(key);
      if (typeof value === 'string') fields[key] = value;
      else {
        files[key] ??= [];
        files[key].push(await value.text());
      }
    }
    saves.push({ fields, files, order, authorization });
    return respond();
  });
  return { saves, handler };
}

export const mainInput = () => document.getElementById(MAIN_FILE_INPUT_ID) as HTMLInputElement;
export const relyInput = () => document.getElementById(RELY_FILES_INPUT_ID) as HTMLInputElement;
// by its text, not its role: a role query computes every button's accessible name through the DOM's getComputedStyle
export const saveButton = () => screen.getByText(/保\s*存/, { selector: 'button > span' }).closest('button')!;
export const paramNames = () => screen.queryAllByLabelText('参数名').map((input) => (input as HTMLInputElement).value);
export const paramValues = () => screen.queryAllByLabelText('参数值/描述').map((input) => (input as HTMLInputElement).value);

/** Types a whole value at once (keystroke by keystroke is slow in an emulated DOM and proves nothing more here). */
export const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

export async function openAddDialog() {
  await user.click(await screen.findByRole('button', { name: /新增策略/ }));
  return screen.findByRole('dialog');
}
