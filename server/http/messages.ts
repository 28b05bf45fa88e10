/**
 * Every text the server sends back, in one table: zh-CN (default) and English (when the request's
 * Accept-Language starts with `en`). `{name}` placeholders are filled from the params.
 */
import enGlobalConfig from '#contract/locales/en/globalConfig.json';
import zhGlobalConfig from '#contract/locales/zh-CN/globalConfig.json';
import enMiner from '#contract/locales/en/miner.json';
import zhMiner from '#contract/locales/zh-CN/miner.json';
import enUnilateral from '#contract/locales/en/unilateral.json';
import zhUnilateral from '#contract/locales/zh-CN/unilateral.json';
import enCoins from '#contract/locales/en/coins.json';
import zhCoins from '#contract/locales/zh-CN/coins.json';
import enBinance from '#contract/locales/en/binance.json';
import zhBinance from '#contract/locales/zh-CN/binance.json';
import enAlerts from '#contract/locales/en/alerts.json';
import zhAlerts from '#contract/locales/zh-CN/alerts.json';
import { MARKET_MESSAGES } from '../market/messages';

export type Lang = 'zh-CN' | 'en';

/**
 * Console texts the server repeats word for word, from the console's own locale files: a key
 * `namespace:path.to.text` with i18next's `{{name}}` placeholders (e.g. the global config's problems).
 */
const consoleNamespaces = {
  globalConfig: { 'zh-CN': zhGlobalConfig, en: enGlobalConfig },
  unilateral: { 'zh-CN': zhUnilateral, en: enUnilateral },
  coins: { 'zh-CN': zhCoins, en: enCoins },
  binance: { 'zh-CN': zhBinance, en: enBinance },
  miner: { 'zh-CN': zhMiner, en: enMiner },
  alerts: { 'zh-CN': zhAlerts, en: enAlerts },
} as const;
type ConsoleNamespace = keyof typeof consoleNamespaces;
export type ConsoleKey = `${ConsoleNamespace}:${string}`;

function consoleText(lang: Lang, key: ConsoleKey): string | undefined {
  const [namespace, dotted] = key.split(':') as [ConsoleNamespace, string];
  let node: unknown = consoleNamespaces[namespace]?.[lang];
  for (const part of dotted.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const table = {
  // success
  'ok.generic': ['操作成功', 'operation succeeded'],
  'ok.login': ['登录成功', 'signed in'],
  'ok.register': ['注册成功', 'registered successfully'],
  'ok.logout': ['已退出登录', 'signed out'],
  'ok.changePassword': ['修改密码成功!', 'password changed!'],
  'ok.add': ['添加成功', 'added'],
  'ok.update': ['修改成功', 'updated'],
  'ok.delete': ['删除成功', 'deleted'],
  'ok.config': ['配置成功', 'configured'],
  'ok.init': ['初始化成功', 'initialised'],
  'ok.submit': ['提交成功!', 'submitted!'],
  'ok.closePosition': ['平仓指令已发出：子任务平掉全部持仓后，任务停止', 'close position requested: the task stops once its children hold nothing'],
  'ok.save': ['保存成功', 'saved'],

  // envelope-level errors
  'err.session': ['登录已失效，请重新登录', 'your session has expired, please sign in again'],
  'err.tokenMissing': ['未登录或缺少登录凭证，请先登录', 'not signed in: the token is missing'],
  'err.forbidden': ['没有权限：{name}', 'permission denied: {name}'],
  'err.superOnly': ['没有权限：仅超级管理员可以执行此操作', 'permission denied: only a super user may do this'],
  'err.unknownCall': ['未知调用：{call}', 'unknown call: {call}'],
  'err.notImplemented': ['尚未实现：{name}', 'not implemented yet: {name}'],
  'err.badJson': ['请求体不是有效的 JSON', 'the request body is not valid JSON'],
  'err.badRequest': ['请求无效：{detail}', 'bad request: {detail}'],
  'err.unsupportedMedia': ['不支持的请求内容类型', 'unsupported content type'],
  'err.bodyTooLarge': ['请求体过大', 'the request body is too large'],
  'err.fileTooLarge': ['文件过大：{file} 超过了单个文件 {limit} 的上限', 'file too large: {file} exceeds the {limit} limit per file'],
  'err.fileNotText': ['文件不是 UTF-8 文本：{file}', 'not a UTF-8 text file: {file}'],
  'err.tooManyParts': ['上传的文件或字段过多', 'too many files or fields in the upload'],
  'err.uploadTooLarge': ['上传过大：一次上传的文件合计不能超过 {limit}', 'upload too large: the files of one upload may total {limit} at most'],
  'err.uploadsBusy': [
    '同时进行的上传过多（每个用户最多 {perUser} 个，全站最多 {inAll} 个），请等当前上传完成后重试',
    'too many uploads at once (at most {perUser} per user and {inAll} in all): try again when the current ones have finished',
  ],
  'err.internal': ['服务器内部错误', 'internal server error'],
  'err.websocketOnly': ['该地址只接受 WebSocket 连接', 'this address accepts WebSocket connections only'],

  // field validation
  'err.required': ['{field} 不能为空', '{field} is required'],
  'err.number': ['{field} 必须是数字', '{field} must be a number'],
  'err.integer': ['{field} 必须是整数', '{field} must be a whole number'],
  'err.range': ['{field} 必须在 {min} 到 {max} 之间', '{field} must be between {min} and {max}'],
  'err.nonNegative': ['{field} 不能为负数', '{field} must not be negative'],
  'err.positive': ['{field} 必须大于 0', '{field} must be greater than 0'],
  'err.oneOf': ['{field} 只能是 {values}', '{field} must be one of {values}'],
  'err.boolean': ['{field} 必须是布尔值（true/false）', '{field} must be true or false'],
  'err.jsonObject': ['{field} 不是有效的 JSON 对象', '{field} is not a valid JSON object'],
  'err.tooLong': ['{field} 不能超过 {max} 个字符', '{field} must be at most {max} characters'],
  // what one call or feed message may cost
  'err.tooMany': ['{field} 最多 {max} 项', '{field} may hold at most {max} items'],
  'err.busy': ['请求过多：请等前面的请求完成后再试（同时最多 {max} 个）', 'too many calls at once: wait for the earlier ones to finish ({max} at most)'],
  'err.tooManySockets': [
    '同一账户打开的 {name} 连接过多（最多 {max} 个），请关闭其他页面后重试',
    'too many {name} connections open for this account ({max} at most): close other pages and retry',
  ],
  'err.statisticsPairs': [
    'currencys 最多 {max} 组 [币种, 分钟]，最多 {periods} 个不同的时段，每个时段 1 到 {minutes} 分钟',
    'currencys: at most {max} [currency, minutes] pairs and {periods} different periods, each of 1 to {minutes} minutes',
  ],
  'err.paramValue': ['参数 {field} 的值类型无效', 'parameter {field} has an invalid value type'],

  // account and session
  'err.usernameTaken': ['用户名已存在', 'this user name is already taken'],
  'err.usernameInvalid': [
    '用户名只能包含字母、数字、下划线、点、横线或中文，且不超过 32 个字符',
    'the user name may contain letters, digits, _ . - or Chinese characters, 32 at most',
  ],
  'err.passwordShort': ['密码至少需要 6 位', 'the password must have at least 6 characters'],
  'err.passwordLong': ['密码不能超过 128 位', 'the password must have at most 128 characters'],
  'err.telPhone': ['手机号格式不正确', 'the phone number is not valid'],
  'err.wrongCredentials': ['用户名或密码错误', 'wrong user name or password'],
  'err.captcha': ['验证码无效或已过期，请重新验证', 'the captcha is invalid or expired, please verify again'],
  'err.signInLocked': [
    '登录失败次数过多，请在 {minutes} 分钟后（{until} UTC 之后）重试',
    'too many failed sign-ins: try again in {minutes} minutes (after {until} UTC)',
  ],
  'err.addressLocked': [
    '此地址登录失败次数过多，请在 {minutes} 分钟后（{until} UTC 之后）重试',
    'too many failed sign-ins from this address: try again in {minutes} minutes (after {until} UTC)',
  ],
  'err.oldPassword': ['原密码错误', 'the old password is wrong'],
  'err.origin': ['不允许从此来源连接实时数据', 'the live feeds do not accept connections from this origin'],
  'err.registerLimit': [
    '此地址注册次数过多，请在 {minutes} 分钟后（{until} UTC 之后）重试',
    'too many registrations from this address: try again in {minutes} minutes (after {until} UTC)',
  ],
  'err.samePassword': ['新密码不能与原密码相同', 'the new password must differ from the old one'],

  // exchanges and API accounts
  'err.bourseNotFound': ['交易所 {id} 不存在', 'exchange {id} does not exist'],
  'err.apiNotFound': ['API 账户不存在', 'API account not found'],
  'err.contractType': ['交易所 {bourse} 不支持合约类型 {type}', 'exchange {bourse} does not support contract type {type}'],
  'err.spotDirection': ['现货只能买入（1）或卖出（2）', 'spot orders can only buy (1) or sell (2)'],
  'err.priceRequired': ['限价单必须填写价格', 'a limit order needs a price'],
  'err.limitNotReachable': ['限价单当前无法成交：市场成交价为 {price}', 'the limit price is not reachable now: the market fills at {price}'],
  'err.closeExceedsPosition': ['平仓数量超过持仓：可平 {position}', 'the close is larger than the position: {position} can be closed'],
  'err.ratioSum': ['现货倍数与合约倍数之和不能超过 20', 'the spot and futures multiples together must not exceed 20'],
  'api.status.normal': ['正常', 'normal'],
  'api.status.initialised': ['已初始化（全仓，{leverage} 倍杠杆）', 'initialised (cross margin, {leverage}x)'],

  // strategies
  'err.strategyNotFound': ['策略不存在', 'strategy not found'],
  'err.strategySoleId': [
    'strategySoleId 只能包含字母、数字、下划线和横线（最多 64 个字符）',
    'strategySoleId may only contain letters, digits, _ and - (64 at most)',
  ],
  'err.unparsable': ['无法解析该文本!', 'cannot parse this text!'],
  'err.mainFileRequired': ['请上传策略主文件', 'please upload the main strategy file'],
  'err.fileName': ['文件名无效：{file}', 'invalid file name: {file}'],
  'err.strategyChanged': ['该策略刚被另一次保存或删除修改，请刷新后重试', 'this strategy was just changed by another save or a delete: reload and try again'],

  // tasks (spec §7 Tasks, §8)
  'ok.taskAdd': ['添加任务成功', 'add task success'],
  'ok.taskRename': ['修改任务名字成功!', 'task renamed!'],
  'ok.taskConfig': ['配置成功', 'config task success'],
  'err.taskNotFound': ['任务不存在或不属于当前用户', 'task not found, or it is not yours'],
  'err.childNotFound': ['子任务不存在或不属于当前用户', 'child task not found, or it is not yours'],
  'err.taskRunning': ['任务正在运行中!', 'the task is running!'],
  'err.stopMainTask': ['请先停止主任务，再操作!', 'please stop the main task first!'],
  'err.taskParamsIncomplete': ['参数不完整：缺少 {field}', 'incomplete parameters: {field} is missing'],
  'err.taskLegFixed': ['已有任务的交易所和非交割类型不能修改：{field}', 'the exchanges and non-delivery types of an existing task cannot be changed: {field}'],
  'err.taskLeg': ['交易所 {bourse} 不支持交易类型 {type}', 'exchange {bourse} does not offer transaction type {type}'],
  'err.currency': ['不支持的币种：{currency}', 'unsupported currency: {currency}'],
  'err.taskStatusChange': ['任务当前状态 {status} 不能改为 {target}', 'a task in status {status} cannot change to {target}'],
  'err.taskBatchStatusChange': [
    '任务 {id} 当前状态 {status} 不能改为 {target}，整批均未执行',
    'task {id} in status {status} cannot change to {target}: nothing in the batch was changed',
  ],
  'err.taskBatchTooLarge': ['一次最多批量操作 {max} 个任务（本次 {count} 个）', 'at most {max} tasks in one batch ({count} were sent)'],
  'err.childApiBourse': ['子任务的 API 账户必须分别属于交易所 {a} 和 {b}', "a child task's API accounts must be on exchanges {a} and {b}"],

  // the unilateral side (spec §7 Unilateral side; the follow form's own messages are unilateral: keys)
  'err.sign': ['签名无效或已过期，请重新获取', 'the signature token is invalid or expired: get a new one'],
  'err.followTaskNotFound': ['跟随任务不存在或不属于当前用户', 'follow task not found, or it is not yours'],
  'err.followTaskExists': ['该 API 已有跟随任务', 'this API already has a follow task'],
  'err.followTaskActive': ['跟随任务运行中，请先停止', 'the follow task is running: stop it first'],
  'err.apiNotOneSided': ['只有单边策略类型（4）的 API 可以跟随策略', 'only an API of the one-sided strategy type (4) can follow a strategy'],
  'err.strategyKey': ['没有权限：缺少 {key}', 'permission denied: {key} is missing'],
  'err.timeWindow': ['开始时间必须早于结束时间，且不超过 {max} 个点', 'the start must come before the end, with at most {max} points'],
  'ok.follow': ['跟随成功', 'following'],

  // paper runs: the temporary strategy and /simulate
  'err.paperParams': ['参数无法模拟：{problem}', 'these parameters cannot be simulated: {problem}'],
  'err.paperRunNotFound': ['模拟运行不存在或不属于当前用户', 'paper run not found, or it is not yours'],
  'err.paperRunsLimit': ['同时最多运行 {max} 个模拟', 'at most {max} paper runs at a time'],
  'ok.paperStart': ['模拟已开始', 'paper run started'],
  'ok.paperStop': ['模拟已停止', 'paper run stopped'],

  // contract types (spec §3)
  'contract.1': ['现货', 'spot'],
  'contract.2': ['当周', 'this week'],
  'contract.3': ['次周', 'next week'],
  'contract.4': ['季度', 'quarter'],
  'contract.5': ['永续', 'perpetual'],
  'contract.10': ['次季度', 'next quarter'],
  'contract.11': ['U本位当周', 'USDT-margined this week'],
  'contract.12': ['U本位次周', 'USDT-margined next week'],
  'contract.13': ['U本位季度', 'USDT-margined quarter'],
  'contract.14': ['U本位永续', 'USDT-margined perpetual'],

  // market tables, K-lines (server/market/messages.ts)
  'err.jsonList': ['{field} 不是有效的 JSON 列表', '{field} is not a valid JSON list'],
  'err.marketTables': ['行情表最多 {max} 个', 'at most {max} market tables'],
  ...MARKET_MESSAGES,
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof table | ConsoleKey;
export type MessageParams = Record<string, string | number>;

export function langOf(acceptLanguage: string | string[] | undefined): Lang {
  const value = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return value?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}

const isConsoleKey = (key: string): key is ConsoleKey => key.includes(':');

export function message(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const fill = (whole: string, name: string) => (name in params ? String(params[name]) : whole);
  if (isConsoleKey(key)) return (consoleText(lang, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, fill);
  const [zh, en] = table[key];
  const text: string = lang === 'en' ? en : zh;
  return text.replace(/\{(\w+)\}/g, fill);
}

export const hasMessage = (key: string): key is MessageKey => (isConsoleKey(key) ? consoleText('zh-CN', key) !== undefined : key in table);
