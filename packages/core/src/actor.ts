import { AsyncLocalStorage } from "node:async_hooks";
import { Unauthorized } from "./error";

/** The verified caller of the current request. Core reads it instead of trusting ids in requests. */
export interface User {
  userId: string;
  email?: string;
  /** The token's `email_verified`: whether the identity provider confirmed the caller owns `email`. */
  emailVerified?: boolean;
  name?: string;
  picture?: string;
}

const storage = new AsyncLocalStorage<User>();

export namespace Actor {
  export function provide<R>(user: User, callback: () => R): R {
    return storage.run(user, callback);
  }
  export function maybe(): User | undefined {
    return storage.getStore();
  }
  export function user(): User {
    const user = storage.getStore();
    if (!user) throw new Unauthorized();
    return user;
  }
  export function userId(): string {
    return user().userId;
  }
}
