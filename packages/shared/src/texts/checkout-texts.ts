/**
 * The words of the built-in sandbox checkout and subscription pages (the offline stand-in for a
 * card-payment provider), in both languages; the server renders them in the request's language.
 */
import type { Language } from '../errors/messages.js';

export const checkoutTexts = {
  sandboxBadge: { en: 'Test mode', zh: '测试模式' },
  sandboxNote: {
    en: 'This is the built-in sandbox: no real money moves. Pay with the card {{good}}; the card {{declined}} is declined.',
    zh: '这是内置的沙盒支付，不会产生真实扣款。使用卡号 {{good}} 支付成功；卡号 {{declined}} 会被拒绝。',
  },
  checkoutTitle: { en: 'Subscribe to Meet Pro', zh: '订阅 Meet Pro' },
  productMonthly: { en: 'Meet Pro, monthly', zh: 'Meet Pro 月度套餐' },
  productYearly: { en: 'Meet Pro, yearly', zh: 'Meet Pro 年度套餐' },
  pricePerMonth: { en: '{{amount}} {{currency}} per month', zh: '{{amount}} {{currency}}/月' },
  pricePerYear: {
    en: '{{amount}} {{currency}} per year ({{monthly}} a month)',
    zh: '{{amount}} {{currency}}/年（每月 {{monthly}}）',
  },
  email: { en: 'Email', zh: '邮箱' },
  cardNumber: { en: 'Card number', zh: '卡号' },
  expiry: { en: 'Expiry (MM/YY)', zh: '有效期（月/年）' },
  cvc: { en: 'CVC', zh: '安全码' },
  nameOnCard: { en: 'Name on card', zh: '持卡人姓名' },
  pay: { en: 'Pay {{amount}} {{currency}}', zh: '支付 {{amount}} {{currency}}' },
  cancelCheckout: { en: 'Cancel and go back', zh: '取消并返回' },
  cancelConfirm: { en: 'Cancel this payment?', zh: '取消此次支付？' },
  cancelPayment: { en: 'Cancel payment', zh: '取消支付' },
  keepPaying: { en: 'Continue to payment', zh: '继续支付' },
  cardNumberInvalid: { en: 'Your card number is not valid.', zh: '卡号无效。' },
  expiryInvalid: { en: "Your card's expiry date is not valid.", zh: '有效期格式不正确。' },
  expiryPast: { en: 'Your card has expired.', zh: '该卡已过期。' },
  cvcInvalid: { en: "Your card's security code is not valid.", zh: '安全码无效。' },
  cardDeclined: { en: 'Your card was declined.', zh: '您的卡被拒绝。' },
  sessionGone: {
    en: 'This checkout is no longer open. Go back to Meet and start again.',
    zh: '此支付已失效，请返回 Meet 重新开始。',
  },
  sessionPaid: { en: 'This checkout has been paid.', zh: '此订单已支付。' },
  backToMeet: { en: 'Back to Meet', zh: '返回 Meet' },
  portalTitle: { en: 'Your Meet Pro subscription', zh: '您的 Meet Pro 订阅' },
  portalGone: {
    en: 'This page has expired. Open Subscription in Meet again.',
    zh: '此页面已过期，请在 Meet 中重新打开“订阅”。',
  },
  plan: { en: 'Plan', zh: '套餐' },
  status: { en: 'Status', zh: '状态' },
  card: { en: 'Card', zh: '银行卡' },
  cardOnFile: { en: 'Card ending in {{last4}}', zh: '尾号 {{last4}} 的卡' },
  statusActive: { en: 'Active, renews on {{date}}', zh: '生效中，将于 {{date}} 续费' },
  statusCanceling: {
    en: 'Active until {{date}}, then canceled',
    zh: '有效期至 {{date}}，之后取消',
  },
  statusCanceled: { en: 'Canceled', zh: '已取消' },
  statusPastDue: {
    en: 'Payment failed: update your card to keep Pro',
    zh: '扣款失败：请更新银行卡以保留 Pro',
  },
  cancelSubscription: { en: 'Cancel subscription', zh: '取消订阅' },
  cancelHint: {
    en: 'You keep Pro until the end of the period you paid for.',
    zh: '在已付费周期结束前，您仍可使用 Pro。',
  },
  resumeSubscription: { en: "Don't cancel", zh: '不取消' },
  switchToYearly: { en: 'Switch to yearly', zh: '改为年度套餐' },
  switchToMonthly: { en: 'Switch to monthly', zh: '改为月度套餐' },
  updateCard: { en: 'Update card', zh: '更新银行卡' },
  saved: { en: 'Saved.', zh: '已保存。' },
  noSubscription: { en: 'There is no subscription here.', zh: '这里没有订阅。' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type CheckoutTextKey = keyof typeof checkoutTexts;

export function checkoutText(
  key: CheckoutTextKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return checkoutTexts[key][language].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
