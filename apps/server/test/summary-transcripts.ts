/**
 * Transcripts for the summary engine tests: two-topic meetings in English and Chinese written as
 * people talk, and long meetings (hours) generated from a seed, with the topic changes known.
 */
import type { SummaryLine } from '../src/engines/types.js';

/** Lines `gapMs` apart from `startMs`, each `[speaker, text]`. */
export function timed(
  lines: readonly (readonly [string, string])[],
  gapMs = 6000,
  startMs = 2000,
): SummaryLine[] {
  return lines.map(([speaker, text], i) => ({ speaker, text, startTime: startMs + i * gapMs }));
}

/** A release, then (from line 10) the marketing budget. */
export const ENGLISH_TWO_TOPICS: readonly (readonly [string, string])[] = [
  ['Alice', 'Good morning everyone, let us start with the release.'],
  ['Bob', 'The release candidate for version two is built and the testers have it.'],
  ['Alice', 'How many release blockers are still open in the tracker?'],
  ['Bob', 'Three release blockers are open, two of them are crash bugs in the installer.'],
  ['Carol', 'The installer crash bugs happen on older laptops during the upgrade.'],
  ['Bob', 'We can fix the installer crash bugs this week and rebuild the candidate.'],
  ['Alice', 'Then the testers run the regression tests on the rebuilt candidate over the weekend.'],
  ['Carol', 'If the regression tests pass we ship version two on Monday.'],
  ['Bob', 'I will post the release notes for version two before we ship.'],
  ['Alice', 'Good, so the release ships Monday if the regression tests pass.'],
  ['Carol', 'Next is the marketing budget for the autumn campaign.'],
  ['Dave', 'The marketing budget is forty thousand dollars for the whole campaign.'],
  ['Carol', 'Most of the campaign budget should go to online advertising.'],
  ['Dave', 'Online advertising brought us the cheapest customers in the spring campaign.'],
  ['Alice', 'What about print advertising in the trade magazines?'],
  ['Dave', 'Print advertising cost twice as much per customer as online advertising.'],
  ['Carol', 'Then we cut print advertising and move that budget to online advertising.'],
  ['Dave', 'I will send the new campaign budget to finance by Thursday.'],
  ['Carol', 'The campaign starts in September with the online advertising.'],
  ['Alice', 'Thanks everyone, that is all for today.'],
];

/** 发布版本, then (from line 10) 市场预算. */
export const CHINESE_TWO_TOPICS: readonly (readonly [string, string])[] = [
  ['王芳', '大家早上好，我们先讨论新版本的发布。'],
  ['李明', '第二版的候选版本已经构建完成，测试人员已经拿到了。'],
  ['王芳', '缺陷跟踪系统里还有几个阻塞发布的缺陷？'],
  ['李明', '还有三个阻塞发布的缺陷，其中两个是安装程序崩溃。'],
  ['张伟', '安装程序崩溃发生在旧电脑升级的时候。'],
  ['李明', '我们这周修复安装程序崩溃，然后重新构建候选版本。'],
  ['王芳', '测试人员周末在新的候选版本上跑回归测试。'],
  ['张伟', '如果回归测试通过，我们周一发布第二版。'],
  ['李明', '发布之前我会写好第二版的发布说明。'],
  ['王芳', '好的，回归测试通过的话第二版周一发布。'],
  ['张伟', '下面讨论秋季推广活动的市场预算。'],
  ['赵磊', '这次推广活动的市场预算一共是四万美元。'],
  ['张伟', '推广预算的大部分应该投放到网络广告。'],
  ['赵磊', '春季推广活动中网络广告带来的客户成本最低。'],
  ['王芳', '行业杂志上的平面广告效果怎么样？'],
  ['赵磊', '平面广告每个客户的成本是网络广告的两倍。'],
  ['张伟', '那就削减平面广告，把这部分预算转到网络广告。'],
  ['赵磊', '我周四之前把新的推广预算发给财务部门。'],
  ['张伟', '推广活动九月份开始，先投放网络广告。'],
  ['王芳', '谢谢大家，今天就到这里。'],
];

/** A deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENGLISH_TOPICS = [
  'release installer crash regression testers candidate build blocker upgrade version',
  'budget campaign advertising marketing customers print online spending finance quarter',
  'hiring interview candidates engineers recruiter offer salary onboarding team position',
  'customer support tickets complaints response refunds escalation queue satisfaction survey',
  'database migration schema backup replication outage latency servers storage cluster',
  'office move lease furniture desks parking building floor kitchen rent landlord',
  'security audit passwords phishing encryption laptops access badges vulnerability patch',
  'conference booth travel flights hotel speakers slides demo registration sponsor',
].map((t) => t.split(' '));

const ENGLISH_GLUE = [
  'I think the',
  'we should look at the',
  'so the',
  'and then the',
  'what about the',
  'yeah the',
  'right, the',
  'we need to finish the',
  'the plan for the',
  'can someone check the',
];

const CHINESE_TOPICS = [
  '发布 安装程序 崩溃 回归测试 测试人员 候选版本 构建 缺陷 升级 版本号',
  '预算 推广活动 广告 市场部 客户 平面媒体 网络投放 开支 财务 季度',
  '招聘 面试 候选人 工程师 猎头 录用 薪资 入职 团队 岗位',
  '客服 工单 投诉 响应 退款 升级处理 排队 满意度 调查 回访',
  '数据库 迁移 备份 复制 故障 延迟 服务器 存储 集群 索引',
  '办公室 搬迁 租约 家具 工位 停车 大楼 楼层 茶水间 房东',
  '安全 审计 密码 钓鱼邮件 加密 笔记本 门禁 漏洞 补丁 权限',
  '展会 展位 出差 航班 酒店 演讲嘉宾 幻灯片 演示 报名 赞助商',
].map((t) => t.split(' '));

const CHINESE_GLUE = ['我觉得', '我们需要讨论', '然后', '关于', '那么', '大家看一下', '还有'];

export interface LongMeeting {
  lines: SummaryLine[];
  /** Where each topic starts (ms), the first at the first line. */
  topicStarts: number[];
}

/**
 * `hours` of meeting, a line every 4 s from one of four speakers, going through the eight topics
 * in turn (equal stretches); each line is a few of its topic's words in everyday phrasing.
 */
export function longMeeting(language: 'en' | 'zh', hours: number, seed = 7): LongMeeting {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const topics = language === 'en' ? ENGLISH_TOPICS : CHINESE_TOPICS;
  const speakers =
    language === 'en' ? ['Alice', 'Bob', 'Carol', 'Dave'] : ['王芳', '李明', '张伟', '赵磊'];
  const count = Math.round((hours * 3600) / 4);
  const lines: SummaryLine[] = [];
  const topicStarts: number[] = [];
  for (let i = 0; i < count; i++) {
    const topic = Math.floor((i * topics.length) / count);
    const startTime = 1000 + i * 4000;
    if (topicStarts.length === topic) topicStarts.push(startTime);
    const words = topics[topic]!;
    let text: string;
    if (language === 'en') {
      text = `${pick(ENGLISH_GLUE)} ${pick(words)} and the ${pick(words)} ${pick(['are', 'is', 'look'])} ${pick(['fine', 'late', 'ready', 'a problem', 'done'])}, ${pick(['also', 'but', 'and'])} the ${pick(words)} ${pick(words)}.`;
    } else {
      text = `${pick(CHINESE_GLUE)}${pick(words)}和${pick(words)}的情况，${pick(words)}${pick(['已经好了', '还没完成', '有问题', '进展顺利'])}，${pick(words)}也要跟进。`;
    }
    lines.push({
      speaker: pick(speakers),
      text: text.charAt(0).toUpperCase() + text.slice(1),
      startTime,
    });
  }
  return { lines, topicStarts };
}
