import { Fragment, type CSSProperties } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../domain/format';
import { isSpreadOpen, netSpreadPercent, type LegFee, type SpreadSide } from '#contract/rules/net-spread';
import type { UpDownColors } from '../../components/up-down-colors';

/**
 * A spread's net figure is a smaller line in the secondary text colour under the gross one (the column's
 * title has the same two lines). An open spread (positive > 0, negative < 0, on the gross or the
 * net figure as the board's switch says) is bold with a bar at its start, in the up colour; while its cell
 * flashes the text keeps its usual colour, so the tint under it does not lower the contrast.
 */
export const netSpreadCss = (secondaryText: string) => `
.market-net { display: table; margin-inline-start: auto; font-size: 12px; color: ${secondaryText}; }
.market-open { color: var(--market-open); font-weight: 600; box-shadow: inset 2px 0 0 var(--market-open); }
.market-flash.market-open { color: inherit; }
`;

/** The class and the colour variable of a cell, marked open or not. */
export const openMark = (open: boolean, colors: UpDownColors): { className: string; style?: CSSProperties } =>
  open ? { className: ' market-open', style: { '--market-open': colors.up } as CSSProperties } : { className: '' };

/** The taker rate as a percentage, with as few decimals (2–4) as it needs: 0.0002 → '0.02%', 0.00075 → '0.075%'. */
export function formatFeeRate(rate: number): string {
  const percent = rate * 100;
  const decimals = [2, 3, 4].find((d) => Math.abs(Number(percent.toFixed(d)) - percent) < 1e-9) ?? 4;
  return `${formatDecimal(percent, decimals)}%`;
}

interface NetLineProps {
  side: SpreadSide;
  /** the gross spread's percentage (undefined: none yet) */
  percent: number | undefined;
  /** leg A's and leg B's taker rates; undefined while the accounts' fees load */
  fees: readonly [LegFee, LegFee] | undefined;
  /** the open-spread marking follows the net figures */
  marked: boolean;
  colors: UpDownColors;
}

/** A spread net of a round trip's taker fees (contract/rules/net-spread.ts), in percent of leg B's price: a line under the gross figure. */
export function NetLine({ side, percent, fees, marked, colors }: NetLineProps) {
  if (percent === undefined || !fees) return <span className="market-net">-</span>;
  const net = netSpreadPercent(side, percent, fees[0].rate, fees[1].rate);
  const { className, style } = openMark(marked && isSpreadOpen(side, net), colors);
  return (
    <span className={`market-net${className}`} style={style} data-net={net.toFixed(6)} data-open={className !== '' || undefined}>
      {formatDecimal(net, 4)}%
    </span>
  );
}

/**
 * The fees a table's net spreads deduct, per leg, naming the legs that take the default for want of an
 * API account on their exchange.
 */
export function FeeCaption({
  fees,
  legs,
}: {
  fees: readonly [LegFee, LegFee] | undefined;
  legs: readonly [{ exchange: string; type: string }, { exchange: string; type: string }];
}) {
  const { t } = useTranslation('netSpread');
  if (!fees) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, fontWeight: 'normal' }} data-testid="net-fees">
      {t('fees')}{' '}
      {fees.map((fee, index) => {
        const { exchange, type } = legs[index];
        const rate = formatFeeRate(fee.rate);
        const leg = index === 0 ? 'a' : 'b';
        return (
          <Fragment key={leg}>
            {index > 0 && ' · '}
            <Tooltip title={fee.isDefault ? t('defaultFeeTip', { exchange, rate }) : t('accountFeeTip', { exchange })}>
              <span data-leg={leg} data-default={fee.isDefault} data-rate={fee.rate}>
                {t('leg', { exchange, type, rate })}
                {fee.isDefault && (
                  <Tag bordered={false} style={{ marginInlineStart: 4, marginInlineEnd: 0 }}>
                    {t('defaultFee')}
                  </Tag>
                )}
              </span>
            </Tooltip>
          </Fragment>
        );
      })}
    </Typography.Text>
  );
}
