/**
 * Who is signed in, for code outside React (the router's auth check): unknown until the
 * session restore has answered, then the user or null after every sign-in and sign-out.
 */
export class Session<User> {
  #user: User | null | undefined = undefined;
  #waiting: ((user: User | null) => void)[] = [];

  /** The user, or null when signed out; undefined while the session is still being restored. */
  get current(): User | null | undefined {
    return this.#user;
  }

  /** Resolves once the restore has answered (at once after that). */
  restored(): Promise<User | null> {
    const user = this.#user;
    if (user !== undefined) return Promise.resolve(user);
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  settle(user: User | null) {
    this.#user = user;
    for (const resolve of this.#waiting.splice(0)) resolve(user);
  }
}
