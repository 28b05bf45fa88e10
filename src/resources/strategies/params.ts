/** The parameter rows' rules live in src/domain/strategy-params.ts (the temporary strategy page reads them too). */
export * from '../../domain/strategy-params';
