import { describe, expect, it } from "vitest";
import { reducer, type ToasterToast } from "./use-toast";

const toast = (id: string): ToasterToast => ({ id, title: id, open: true });

describe("the toast store", () => {
  it("shows at most one toast: a new one replaces the old", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: toast("1") });
    state = reducer(state, { type: "ADD_TOAST", toast: toast("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("a dismissed toast closes but stays until it is removed", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: toast("1") });
    state = reducer(state, { type: "DISMISS_TOAST", toastId: "1" });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0]!.open).toBe(false);
    expect(reducer(state, { type: "REMOVE_TOAST", toastId: "1" }).toasts).toHaveLength(0);
  });
});
