/**
 * Imported first by `main.ts`: React and React Router choose their production or
 * development build from NODE_ENV when they are first loaded, and an unset NODE_ENV
 * means development (several times slower server rendering). `npm start` is production
 * unless told otherwise; `dev.ts` sets "development" before it imports main.ts.
 */
process.env.NODE_ENV ??= "production";
