import { OCR_PAGES, Quota, type MeteredPlan, type Receipt } from "../quota/index";

/**
 * A document owner's monthly budget of OCR pages, spent by the pipeline's extract
 * step. What happens when it runs out mid-document:
 * - local OCR reads pages until the budget is spent; the rest keep whatever text
 *   layer they had and the document's warnings name them and say why (the month's
 *   budget, when it resets, how to get more). Only pages whose text came from OCR
 *   are counted; the rest of the reservation is given back.
 * - Textract reads a whole document or nothing (it bills every page of the job):
 *   a document that needs more pages than are left is not sent, and says so.
 */
export namespace OcrBudget {
  type Reservation = Receipt & { plan: MeteredPlan };

  const usedUp = (r: Reservation, now: Date) => Quota.usedUpMessage(OCR_PAGES, r.plan, r.limit ?? 0, now);

  /**
   * Local OCR of one document: at most `perDocument` pages, and never more than the
   * month has left. `read` gets the page cap (and the reason to name when it is the
   * budget's); pages read by OCR are counted, the unused rest is given back.
   */
  export async function readLocally<T extends { ocrPages?: number[] }>(
    userId: string,
    perDocument: number,
    read: (cap: { maxOcrPages: number; ocrCapReason?: string }) => Promise<T>,
    now: Date = new Date(),
  ): Promise<T> {
    const reservation = await Quota.reserve(OCR_PAGES, userId, perDocument, now);
    const cap = reservation.amount < perDocument ? { ocrCapReason: usedUp(reservation, now) } : {};
    let result: T;
    try {
      result = await read({ maxOcrPages: reservation.amount, ...cap });
    } catch (error) {
      await Quota.giveBack(reservation);
      throw error;
    }
    await Quota.giveBack(reservation, reservation.amount - Math.min(reservation.amount, result.ocrPages?.length ?? 0));
    return result;
  }

  /**
   * Pages for Textract: all `pages` or none. Returns the reservation to give back
   * should the call fail, or the sentence the document shows when they are not there.
   */
  export async function reserveAll(
    userId: string,
    pages: number,
    now: Date = new Date(),
  ): Promise<{ reservation: Reservation } | { refusal: string }> {
    const reservation = await Quota.reserve(OCR_PAGES, userId, pages, now);
    if (reservation.amount >= pages) return { reservation };
    await Quota.giveBack(reservation);
    const left = Math.max(0, (reservation.limit ?? 0) - (reservation.used - reservation.amount));
    const pagesWord = pages === 1 ? "page" : "pages";
    return {
      refusal:
        `The scanned pages were not read: they need ${pages} OCR ${pagesWord} and ${left} of ` +
        `${Quota.allowance(OCR_PAGES, reservation.plan, reservation.limit ?? 0)} ${left === 1 ? "is" : "are"} left. ` +
        Quota.resetAndUpgrade(OCR_PAGES, reservation.plan, now),
    };
  }
}
