/** What the app uses of Firebase Auth, in one chunk that `loadFirebase` fetches on demand. */
export { onAuthStateChanged, signOut, updateProfile } from "firebase/auth";
export { auth } from "./firebase";
