// Account forms, shared by the pages, their actions and the JSON API. The
// messages are the seed's (000 §5, §8) verbatim; the few rules the seed does
// not have (length caps, password minimum) carry messages of our own.
import { z } from "zod";
import { memberText } from "./text";

export const ALL_FIELDS_REQUIRED = "All fields are required.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match.";
export const INVALID_EMAIL = "Invalid email format.";
export const INVALID_CODE = "Invalid verification code.";
export const SIGN_IN_UNSUCCESSFUL = "Sign-in was unsuccessful";
export const VERIFICATION_SENT = "Verification email sent.";
/** Seed 000 §8: the code's e-mail could not be sent. */
export const VERIFICATION_EMAIL_FAILED = "Error sending verification email. Please try again.";
/** Seed 000 §8: creating the account failed (here: the form never reached the server). */
export const SIGNUP_FAILED = "Error creating user or signing in. Please try again.";
/** Seed 000 §8: signing in after sign-up failed (here: the code never reached the server). */
export const SIGN_IN_AFTER_SIGNUP_FAILED = "Sign-in failed. Please try again.";
export const EMAIL_TAKEN = "Email is already registered.";
export const USERNAME_TAKEN = "User name is already taken.";

/** Text, an @, text, a dot, text, with no spaces (seed 000 §5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Each empty sign-up field says what it wants; the form as a whole says the seed's 'All fields are required.'. */
export const SIGNUP_FIELD_EMPTY = {
  name: "Enter your name.",
  username: "Choose a user name.",
  email: "Enter your e-mail address.",
  password: "Choose a password.",
  passwordA: "Re-type your password.",
} as const;

const required = (empty: string, max: number, tooLong: string) =>
  memberText({ error: empty }).trim().min(1, empty).max(max, tooLong);

const email = required(SIGNUP_FIELD_EMPTY.email, 254, INVALID_EMAIL)
  // An empty field says only that it is empty: the format rules below pass on "".
  .refine((value) => value === "" || EMAIL_PATTERN.test(value), INVALID_EMAIL)
  .transform((value) => value.toLowerCase());

export const signupSchema = z
  .object({
    name: required(SIGNUP_FIELD_EMPTY.name, 100, "Name must be at most 100 characters."),
    username: required(SIGNUP_FIELD_EMPTY.username, 40, "User name must be at most 40 characters.").regex(
      /^[A-Za-z0-9._-]*$/,
      "User name may only contain letters, digits, '.', '_' and '-'.",
    ),
    email,
    password: z
      .string({ error: SIGNUP_FIELD_EMPTY.password })
      .min(1, SIGNUP_FIELD_EMPTY.password)
      .refine((value) => value === "" || value.length >= 8, "Password must be at least 8 characters.")
      .max(200, "Password must be at most 200 characters."),
    passwordA: z.string({ error: SIGNUP_FIELD_EMPTY.passwordA }).min(1, SIGNUP_FIELD_EMPTY.passwordA),
    /** Beat-battle hand-over: where to land after sign-up (only `/beatbattle` is honoured). */
    next: z.string().optional(),
  })
  // The form's headline (seed 000 §5), also when the fields themselves failed.
  .refine((form) => Object.keys(SIGNUP_FIELD_EMPTY).every((name) => filled(form, name)), {
    message: ALL_FIELDS_REQUIRED,
    when: () => true,
  })
  .refine((form) => form.password === form.passwordA, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["passwordA"],
  });
function filled(form: unknown, name: string) {
  const value = typeof form === "object" && form !== null ? (form as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" && value.trim() !== "";
}
export type SignupForm = z.output<typeof signupSchema>;

export const checkUserSchema = z.object({
  email: z.string().trim().toLowerCase().optional(),
  username: memberText().trim().optional(),
});
export type CheckUserForm = z.output<typeof checkUserSchema>;

export const verifySchema = z.object({
  signupId: z.string({ error: INVALID_CODE }).min(1, INVALID_CODE).max(64, INVALID_CODE),
  code: z
    .string({ error: INVALID_CODE })
    .trim()
    .regex(/^\d{6}$/, INVALID_CODE),
});
export type VerifyForm = z.output<typeof verifySchema>;

export const signinSchema = z.object({
  email: z.string({ error: SIGN_IN_UNSUCCESSFUL }).trim().toLowerCase().min(1, SIGN_IN_UNSUCCESSFUL).max(254),
  password: z.string({ error: SIGN_IN_UNSUCCESSFUL }).min(1, SIGN_IN_UNSUCCESSFUL).max(200),
});
export type SigninForm = z.output<typeof signinSchema>;
