/**
 * Words that say nothing about what a meeting is about, in English and Chinese: function words,
 * and the fillers and stock phrases of talk ("yeah", "I think", "嗯", "我觉得"). The extractive
 * engine ranks sentences and finds topics by the words left after these are removed.
 */

/** English, compared after lower-casing and before stemming. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above actually after again against ago ah all bye almost also although always am an and
  another any anybody anyone anything anyway anyways are aren't around as ask asked at away back
  afternoon basically be became because become been before being below between bit both but by can can't
  cannot come comes coming could couldn't course did didn't do does doesn't doing don't done down
  during each either else enough etc even evening ever every everybody everyone everything exactly far few
  fine first folks for from further get gets getting give go goes going gone gonna good goodbye got gotta great
  guess had hadn't has hasn't have haven't having he he'd he'll he's hello her here here's hers
  herself hey hi him himself his how how's however hmm huh i i'd i'll i'm i've if in indeed into is
  isn't it it'd it'll it's its itself just keep kind kinda know known knows last later least less
  let let's like likely little look looking looks lot lots made make makes making many may maybe me
  mean means might mine more most morning mostly much must mustn't my myself need needs never new next no
  nobody none nor not nothing now of off often oh ok okay on once one ones only onto or other
  others otherwise ought our ours ourselves out over own perhaps please pretty probably put quite
  rather really right said same say saying says see seem seemed seems seen shall shan't she she'd
  she'll she's should shouldn't since so some somebody someone something sometimes somewhat soon
  sort still stuff such sure take taking tell than thank thanks that that's the their theirs them
  themselves then there there's these they they'd they'll they're they've thing things think
  thinking this those though through thus to today together too took toward towards try trying
  uh um under unless until up upon us use used using usually very via want wanted wants was wasn't
  way we we'd we'll we're we've well went were weren't what what's whatever when when's where
  where's whether which while who who's whom whose why why's will with within without won't would
  wouldn't yeah yep yes yet you you'd you'll you're you've your yours yourself yourselves`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Chinese words of two or more characters (single characters are dropped anyway: most are
 * particles, pronouns or parts of words that Intl.Segmenter left unjoined).
 */
export const CHINESE_STOP_WORDS: ReadonlySet<string> = new Set(
  `一个 一些 一下 一点 一点儿 一样 一直 一起 一般 一定 上面 下面 不是 不过 不会 不能 不要 不用
  东西 为了 为什么 之后 之前 之类 也是 也就是 也许 了解 事情 今天 以为 以后 以前 什么 他们 她们
  它们 但是 你们 你好 其实 其他 其中 再说 几个 出来 刚才 别的 到底 却是 反正 另外 只是 只要
  可以 可能 各位 同时 后来 听到 哪个 哪些 哪里 因为 因此 大家 大概 好的 好像 如果 它的 对于 对的
  就是 就会 已经 并且 应该 开始 当然 很多 怎么 怎么样 怎样 总之 情况 我们 我的 我觉得 或者 所以
  所有 所谓 打算 接下来 方面 时候 是不是 是否 是的 显然 有点 有些 有没有 有的 本来
  没有 没错 然后 然而 现在 甚至 由于 的话 目前 看看 看到 知道 确实 而且 而是 能够 自己 虽然
  觉得 认为 让我 说话 谁的 起来 还是 还有 这个 这些 这么 这里 这样 这种 这边 进行 那个 那么
  那些 那里 那样 那种 那边 问题 需要 非常 首先 比较 不错 其次 最后 只有 通过 关于 根据 以及
  并不 已经是 一遍 不好 好吧 对吧 是吧 谢谢 感谢 大家好 那就 就这样 一下子 刚刚 马上 今后`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words a title or a key point may start with and lose: fillers, not content. */
export const LEADING_FILLERS: readonly string[] = [
  'um',
  'uh',
  'so',
  'well',
  'okay',
  'ok',
  'and',
  'but',
  'yeah',
  'right',
  'also',
  'now',
  'then',
  'anyway',
  'alright',
  'all right',
  '嗯',
  '呃',
  '那个',
  '然后',
  '所以',
  '就是',
  '那么',
  '好的',
  '好',
  '对',
  '另外',
  '还有',
];
