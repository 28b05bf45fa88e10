import { MAX_STRATEGY_FILE_BYTES, checkStrategyBytes, parseStrategyHeader } from '#contract/rules/strategy-file';
import { readStrategyFile } from '../../src/features/strategies/read-strategy-file';

const encode = (text: string) => new TextEncoder().encode(text);

const VALID = `# arbitrage 3/{"dlt":{"CW":0.002,"NW":0.003,"CQ":0.004,"NQ":0.005},"m":2,"is_borrow":false}/v1
# a demo strategy

def run(ctx):
    pass
`;

describe('parseStrategyHeader', () => {
  it('reads the JSON default parameters of the second slash-delimited segment', () => {
    expect(parseStrategyHeader(VALID)).toEqual({ dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 }, m: 2, is_borrow: false });
    expect(parseStrategyHeader('# demo/{"dlt":0.1,"m":2}/v1')).toEqual({ dlt: 0.1, m: 2 });
  });

  it('accepts a BOM, CRLF line ends and a header without a third segment', () => {
    expect(parseStrategyHeader('\uFEFF#demo/ {"m":1} \r\nprint(1)\r\n')).toEqual({ m: 1 });
  });

  it('refuses a file that does not begin with a hash comment', () => {
    expect(parseStrategyHeader('def run(ctx):\n    pass\n# demo/{"m":1}/v1\n')).toBeNull();
    expect(parseStrategyHeader('\n# demo/{"m":1}/v1\n')).toBeNull();
    expect(parseStrategyHeader('// demo/{"m":1}/v1\n')).toBeNull();
  });

  it('refuses broken JSON and JSON that is not an object', () => {
    expect(parseStrategyHeader('# demo/{"dlt":0.1,/v1\n')).toBeNull();
    expect(parseStrategyHeader('# demo/{dlt: 0.1}/v1\n')).toBeNull();
    expect(parseStrategyHeader('# demo/[1,2]/v1\n')).toBeNull();
    expect(parseStrategyHeader('# demo/42/v1\n')).toBeNull();
    expect(parseStrategyHeader('# demo/null/v1\n')).toBeNull();
    expect(parseStrategyHeader('# demo without segments\n')).toBeNull();
  });

  it('refuses an empty file', () => {
    expect(parseStrategyHeader('')).toBeNull();
    expect(parseStrategyHeader('   \n')).toBeNull();
  });
});

describe('checkStrategyBytes', () => {
  it('accepts UTF-8 text with a valid header', () => {
    expect(checkStrategyBytes(encode('# 套利/{"名称":"中文"}/v1\n'))).toEqual({ ok: true, params: { 名称: '中文' } });
  });

  it('refuses binary content: NUL bytes or invalid UTF-8', () => {
    expect(checkStrategyBytes(new Uint8Array([0x23, 0x20, 0x64, 0x2f, 0x7b, 0x7d, 0x2f, 0x00, 0x01]))).toEqual({ ok: false, problem: 'binary' });
    expect(checkStrategyBytes(new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x2f, 0x7b, 0x7d]))).toEqual({ ok: false, problem: 'binary' });
  });

  it('refuses an empty file and one without a header', () => {
    expect(checkStrategyBytes(new Uint8Array())).toEqual({ ok: false, problem: 'unparsable' });
    expect(checkStrategyBytes(encode('print("hello")\n'))).toEqual({ ok: false, problem: 'unparsable' });
  });
});

describe('readStrategyFile', () => {
  it('reads a valid main file', async () => {
    const file = new File([VALID], 'arbitrage3.py', { type: 'text/x-python' });
    await expect(readStrategyFile(file)).resolves.toMatchObject({ ok: true, params: { m: 2 } });
  });

  it('refuses a 5 MB file as too large, whatever it holds', async () => {
    const big = new File([`# big/{"m":1}/v1\n`, 'x'.repeat(5 * 1024 * 1024)], 'big.py');
    expect(big.size).toBeGreaterThan(MAX_STRATEGY_FILE_BYTES);
    await expect(readStrategyFile(big)).resolves.toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('accepts a file of exactly the limit', async () => {
    const header = '# edge/{"m":1}/v1\n';
    const file = new File([header, 'x'.repeat(MAX_STRATEGY_FILE_BYTES - header.length)], 'edge.py');
    expect(file.size).toBe(MAX_STRATEGY_FILE_BYTES);
    await expect(readStrategyFile(file)).resolves.toEqual({ ok: true, params: { m: 1 } });
  });

  it('refuses binary bytes and broken JSON', async () => {
    await expect(readStrategyFile(new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x00])], 'a.so'))).resolves.toEqual({
      ok: false,
      problem: 'binary',
    });
    await expect(readStrategyFile(new File(['# demo/{"m":/v1\n'], 'bad.py'))).resolves.toEqual({ ok: false, problem: 'unparsable' });
  });
});
