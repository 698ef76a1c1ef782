/**
 * The customer's quote page action: accept, decline, question, cancel, parsed by
 * the API's schemas through conform so errors come back keyed by field; a refusal from the
 * service (409, 410, 429 …) answers with its status and message, like the API.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import {
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteQuestionSchema,
} from "../../../domain/sales/quote-schema";
import { formatMoney } from "../../../domain/shared/money";
import { actionError } from "../../lib/action-errors.server";
import { readForm } from "../../lib/form-input.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

type Intent = "accept" | "decline" | "question" | "cancel";
export interface QuoteActionData {
  intent: Intent | null;
  ok: boolean;
  message: string | null;
  reply?: SubmissionResult<string[]>;
}

function intentOf(form: FormData): Intent | null {
  const v = form.get("intent");
  return v === "accept" || v === "decline" || v === "question" || v === "cancel" ? v : null;
}

export async function quoteAction(token: string, context: AppLoadContext, request: Request) {
  const { quoteAnswers } = context.services;
  let intent: Intent | null = null;
  let reply: QuoteActionData["reply"];
  try {
    const form = await readForm(request);
    intent = intentOf(form);
    if (intent === "accept") {
      const submission = parseWithZod(form, { schema: quoteAcceptSchema });
      if (submission.status !== "success") {
        return data<QuoteActionData>(
          { intent, ok: false, message: null, reply: submission.reply() },
          { status: 400, headers: PRIVATE },
        );
      }
      reply = submission.reply();
      const { order } = await quoteAnswers.accept(token, submission.value, {
        address: context.clientAddress,
        userAgent: request.headers.get("user-agent") ?? "",
      });
      return data<QuoteActionData>(
        { intent, ok: true, message: `Accepted: Order #${order.orderNumber}.`, reply },
        { headers: PRIVATE },
      );
    }
    if (intent === "decline") {
      const submission = parseWithZod(form, { schema: quoteDeclineSchema });
      if (submission.status !== "success") {
        return data<QuoteActionData>(
          { intent, ok: false, message: null, reply: submission.reply() },
          { status: 400, headers: PRIVATE },
        );
      }
      await quoteAnswers.decline(token, submission.value.reason);
      return data<QuoteActionData>(
        { intent, ok: true, message: "You declined this quote. Thank you for letting us know." },
        { headers: PRIVATE },
      );
    }
    if (intent === "question") {
      const submission = parseWithZod(form, { schema: quoteQuestionSchema });
      if (submission.status !== "success") {
        return data<QuoteActionData>(
          { intent, ok: false, message: null, reply: submission.reply() },
          { status: 400, headers: PRIVATE },
        );
      }
      await quoteAnswers.question(token, submission.value.message, context.clientAddress);
      return data<QuoteActionData>(
        {
          intent,
          ok: true,
          message: "Thank you: we'll answer your question soon.",
          reply: submission.reply({ resetForm: true }),
        },
        { headers: PRIVATE },
      );
    }
    if (intent === "cancel") {
      // Confirm before undoing: the box
      // is part of the form, so the step holds without JavaScript too.
      if (form.get("confirm") !== "yes") {
        return data<QuoteActionData>(
          {
            intent,
            ok: false,
            message: "Tick the box to confirm that you want to cancel your order.",
          },
          { status: 400, headers: PRIVATE },
        );
      }
      const result = await quoteAnswers.cancel(token);
      return data<QuoteActionData>(
        {
          intent,
          ok: true,
          message:
            result.refundDueCents > 0
              ? `Order #${result.orderNumber} is cancelled. Your deposit of ${formatMoney(result.refundDueCents)} will be refunded; the refund shows on your order page once it is made.`
              : `Order #${result.orderNumber} is cancelled.`,
        },
        { headers: PRIVATE },
      );
    }
    return data<QuoteActionData>(
      { intent: null, ok: false, message: "Choose accept, decline, question or cancel." },
      { status: 400, headers: PRIVATE },
    );
  } catch (error) {
    return actionError<QuoteActionData>(error, context, (a) => ({
      intent,
      ok: false,
      message: a.message,
      // The accept form shows a refusal (409 changed, 410 expired) above its button.
      ...(intent === "accept" ? { reply: { status: "error", error: { "": [a.message] } } } : {}),
    }));
  }
}
