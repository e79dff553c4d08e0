/**
 * What Pro gives and what it costs (SPEC.md section 7, "Other"): `/benefit/getBenefitByUserType`
 * (userTypeList, default Pro; payload[0].products) and `/benefit/getBenefitByBenefitId`. Public,
 * as prices are.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLAN_ENTITLEMENTS,
  PRODUCTS,
  USER_TYPE_PRO,
  formatAmount,
  type BenefitInfo,
  type Product,
} from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { ok } from '../../lib/reply.js';

export const PRO_BENEFIT_ID = 'pro';

function productInfoOf(product: Product) {
  return {
    productId: product.productId,
    productType: product.productType,
    interval: product.interval,
    amount: formatAmount(product.amountCents),
    amountCents: product.amountCents,
    currency: product.currency,
    monthlyAmount: formatAmount(product.monthlyAmountCents),
    freeMonths: product.freeMonths,
  };
}

export function proBenefit(): BenefitInfo {
  const pro = PLAN_ENTITLEMENTS.pro;
  return {
    benefitId: PRO_BENEFIT_ID,
    userType: USER_TYPE_PRO,
    videoRecording: pro.videoRecording,
    audioRecording: pro.audioRecording,
    storageBytes: pro.storageBytes,
    monthlyAiCredits: pro.monthlyAiCredits,
    translation: pro.translation,
    products: PRODUCTS.map(productInfoOf),
  };
}

export default async function benefitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.post(
    '/getBenefitByUserType',
    {
      schema: { tags, ...contract('benefit/getBenefitByUserType') },
    },
    async (request) => {
      const wanted = request.body?.userTypeList ?? [USER_TYPE_PRO];
      // Only Pro is sold; basic is what everyone has.
      return ok(request, wanted.includes(USER_TYPE_PRO) ? [proBenefit()] : []);
    },
  );

  app.post(
    '/getBenefitByBenefitId',
    {
      schema: { tags, ...contract('benefit/getBenefitByBenefitId') },
    },
    async (request) => {
      if (request.body.benefitId !== PRO_BENEFIT_ID) throw new AppError(-1, 404, 'productNotFound');
      return ok(request, proBenefit());
    },
  );
}
