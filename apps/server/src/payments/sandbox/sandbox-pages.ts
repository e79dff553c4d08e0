/**
 * The sandbox's pages as server-rendered HTML: the checkout (card form), the cancel
 * confirmation, and the subscription portal. Plain forms posting to this server: no script,
 * which the Content Security Policy would refuse inline anyway. Text in the request's language.
 */
import {
  checkoutText,
  formatAmount,
  type CheckoutTextKey,
  type Language,
  type Product,
} from '@meet/shared';
import type { SandboxSubscriptionRow } from '../../db/schema/index.js';
import type { CardField } from './test-cards.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f1f3f4;color:#202124}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(60,64,67,.3);padding:28px}
h1{font-size:22px;margin:8px 0 16px}
.badge{display:inline-block;background:#fef7e0;color:#b06000;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;margin:0}
.summary{border:1px solid #dadce0;border-radius:8px;padding:12px 16px;margin-bottom:16px}
.summary p{margin:0}.product{font-weight:600}.price{color:#5f6368}
.note{font-size:13px;color:#5f6368;background:#f8f9fa;border-radius:8px;padding:10px 12px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
input{width:100%;font:inherit;padding:9px 12px;border:1px solid #dadce0;border-radius:6px}
input:focus{outline:2px solid #1a73e8;border-color:transparent}
input[aria-invalid=true]{border-color:#d93025}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#d93025;font-size:13px;margin:4px 0 0}
.alert{color:#d93025;background:#fce8e6;border-radius:8px;padding:10px 12px}
.ok{color:#137333;background:#e6f4ea;border-radius:8px;padding:10px 12px}
button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:10px 16px;background:#1a73e8;color:#fff;cursor:pointer}
button.wide{width:100%;margin-top:20px}
button.secondary{background:#fff;color:#1a73e8;border:1px solid #dadce0}
button.danger{background:#fff;color:#d93025;border:1px solid #dadce0}
a{color:#1a73e8}
.back{display:block;text-align:center;margin-top:16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 16px}dt{color:#5f6368}dd{margin:0}
.actions form{margin:12px 0}.hint{font-size:13px;color:#5f6368;margin:4px 0 0}
hr{border:0;border-top:1px solid #dadce0;margin:20px 0}
`;

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">${esc(checkoutText('sandboxBadge', language))}</p>
${body}
</main>
</body>
</html>`;
}

export function priceLine(product: Product, language: Language): string {
  const params = {
    amount: formatAmount(product.amountCents),
    currency: product.currency,
    monthly: formatAmount(product.monthlyAmountCents),
  };
  return checkoutText(
    product.interval === 'year' ? 'pricePerYear' : 'pricePerMonth',
    language,
    params,
  );
}

export function productName(product: Product, language: Language): string {
  return checkoutText(product.interval === 'year' ? 'productYearly' : 'productMonthly', language);
}

function field(
  language: Language,
  name: CardField | 'name',
  label: CheckoutTextKey,
  attrs: string,
  value: string,
  problem: CheckoutTextKey | undefined,
): string {
  const id = `f-${name}`;
  const error = problem
    ? `<p class="error" id="${id}-error" role="alert">${esc(checkoutText(problem, language))}</p>`
    : '';
  return `<div><label for="${id}">${esc(checkoutText(label, language))}</label>
<input id="${id}" name="${name}" ${attrs} value="${esc(value)}"${problem ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${error}</div>`;
}

const sandboxNote = (language: Language) =>
  `<p class="note">${esc(
    checkoutText('sandboxNote', language, {
      good: '4242 4242 4242 4242',
      declined: '4000 0000 0000 0002',
    }),
  )}</p>`;

export interface CheckoutView {
  id: string;
  product: Product;
  email: string;
  values?: Partial<Record<CardField | 'name', string>>;
  problems?: Partial<Record<CardField, CheckoutTextKey>>;
}

export function checkoutPage(view: CheckoutView, language: Language): string {
  const { product, values = {}, problems = {} } = view;
  const action = `/sandbox-pay/checkout/${encodeURIComponent(view.id)}`;
  const amount = { amount: formatAmount(product.amountCents), currency: product.currency };
  return page(
    language,
    checkoutText('checkoutTitle', language),
    `<h1>${esc(checkoutText('checkoutTitle', language))}</h1>
<section class="summary" aria-label="${esc(productName(product, language))}">
<p class="product">${esc(productName(product, language))}</p>
<p class="price">${esc(priceLine(product, language))}</p>
</section>
${sandboxNote(language)}
<form method="post" action="${action}" novalidate>
${view.email ? `<label for="f-email">${esc(checkoutText('email', language))}</label><input id="f-email" value="${esc(view.email)}" readonly>` : ''}
${field(language, 'cardNumber', 'cardNumber', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"', values.cardNumber ?? '', problems.cardNumber)}
<div class="row">
${field(language, 'expiry', 'expiry', 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', values.expiry ?? '', problems.expiry)}
${field(language, 'cvc', 'cvc', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', values.cvc ?? '', problems.cvc)}
</div>
${field(language, 'name', 'nameOnCard', 'autocomplete="cc-name" maxlength="100"', values.name ?? '', undefined)}
<button class="wide" type="submit">${esc(checkoutText('pay', language, amount))}</button>
</form>
<a class="back" href="${action}/cancel">${esc(checkoutText('cancelCheckout', language))}</a>`,
  );
}

/** Asks before a checkout is given up (a page of its own, so the card form has one button). */
export function cancelPage(id: string, language: Language): string {
  const action = `/sandbox-pay/checkout/${encodeURIComponent(id)}`;
  return page(
    language,
    checkoutText('cancelConfirm', language),
    `<h1>${esc(checkoutText('cancelConfirm', language))}</h1>
<form method="post" action="${action}/cancel">
<button class="wide danger" type="submit">${esc(checkoutText('cancelPayment', language))}</button>
</form>
<a class="back" href="${action}">${esc(checkoutText('keepPaying', language))}</a>`,
  );
}

/** A checkout or portal that is over; a way back when there is one. */
export function messagePage(message: CheckoutTextKey, language: Language, back?: string): string {
  return page(
    language,
    checkoutText('checkoutTitle', language),
    `<h1>${esc(checkoutText(message, language))}</h1>
${back ? `<a class="back" href="${esc(back)}">${esc(checkoutText('backToMeet', language))}</a>` : ''}`,
  );
}

export interface PortalView {
  id: string;
  returnUrl: string;
  subscription: SandboxSubscriptionRow | undefined;
  product: Product | undefined;
  saved?: boolean;
  values?: Partial<Record<CardField, string>>;
  problems?: Partial<Record<CardField, CheckoutTextKey>>;
}

function statusLine(sub: SandboxSubscriptionRow, language: Language): string {
  const date = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(sub.currentPeriodEnd);
  if (sub.status === 'canceled') return checkoutText('statusCanceled', language);
  if (sub.status === 'past_due') return checkoutText('statusPastDue', language);
  return checkoutText(sub.cancelAtPeriodEnd ? 'statusCanceling' : 'statusActive', language, {
    date,
  });
}

export function portalPage(view: PortalView, language: Language): string {
  const { subscription: sub, product } = view;
  const back = `<a class="back" href="${esc(view.returnUrl)}">${esc(checkoutText('backToMeet', language))}</a>`;
  if (!sub || !product) {
    return page(
      language,
      checkoutText('portalTitle', language),
      `<h1>${esc(checkoutText('portalTitle', language))}</h1><p>${esc(checkoutText('noSubscription', language))}</p>${back}`,
    );
  }
  const action = `/sandbox-pay/portal/${encodeURIComponent(view.id)}`;
  const button = (name: string, label: CheckoutTextKey, cls = 'secondary') =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${name}"><button class="${cls}" type="submit">${esc(checkoutText(label, language))}</button></form>`;
  const live = sub.status !== 'canceled';
  const other = product.months === 12 ? 'switchToMonthly' : 'switchToYearly';
  const { values = {}, problems = {} } = view;
  const actions = live
    ? `<div class="actions">
${sub.cancelAtPeriodEnd ? button('resume', 'resumeSubscription') : `${button('cancel', 'cancelSubscription', 'danger')}<p class="hint">${esc(checkoutText('cancelHint', language))}</p>`}
${button('switch', other)}
</div>
<hr>
<form method="post" action="${action}" novalidate>
<input type="hidden" name="action" value="card">
${field(language, 'cardNumber', 'cardNumber', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"', values.cardNumber ?? '', problems.cardNumber)}
<div class="row">
${field(language, 'expiry', 'expiry', 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', values.expiry ?? '', problems.expiry)}
${field(language, 'cvc', 'cvc', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', values.cvc ?? '', problems.cvc)}
</div>
<button class="wide secondary" type="submit">${esc(checkoutText('updateCard', language))}</button>
</form>`
    : '';
  return page(
    language,
    checkoutText('portalTitle', language),
    `<h1>${esc(checkoutText('portalTitle', language))}</h1>
${view.saved ? `<p class="ok" role="status">${esc(checkoutText('saved', language))}</p>` : ''}
<dl>
<dt>${esc(checkoutText('plan', language))}</dt><dd>${esc(productName(product, language))}, ${esc(priceLine(product, language))}</dd>
<dt>${esc(checkoutText('status', language))}</dt><dd data-testid="subscription-status">${esc(statusLine(sub, language))}</dd>
<dt>${esc(checkoutText('card', language))}</dt><dd>${esc(checkoutText('cardOnFile', language, { last4: sub.cardLast4 }))}</dd>
</dl>
${sandboxNote(language)}
${actions}
${back}`,
  );
}
