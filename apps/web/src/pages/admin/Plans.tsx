import { type Schemas } from '../../api';
import { ErrorState, Loading } from '../../components/states';
import { formatNumber } from '../../format';
import { usePlans, useSubscribe, type User } from '../../resources/users';
import { ErrorAlert } from '../../components/FormCard';
import { DataTable } from '../../components/DataTable';

type Plan = Schemas['Plan'];

/** A plan's price as the service keeps it: a number per period, for information (it names no currency). */
export function planPrice(plan: Plan): string {
  return plan.price === 0 ? 'Free' : `${formatNumber(plan.price)} a period`;
}

/** The plans of the service, with their limits and prices. */
export function PlansTable() {
  const plans = usePlans();
  if (plans.isPending) return <Loading label="Loading plans" />;
  if (!plans.data) return <ErrorState error={plans.error} retry={() => void plans.refetch()} />;
  return (
    <DataTable
      label="Plans table"
      caption="Plans"
      headers={['Plan', 'Requests a minute', 'Price (informational, no currency)']}
      className="stacked"
    >
      {plans.data.map((plan) => (
        <tr key={plan.id}>
          <td data-label="Plan">
            <bdi>{plan.name}</bdi> {plan.free && <span className="badge">Default for new accounts</span>}
          </td>
          <td data-label="Requests a minute" className="num">
            {formatNumber(plan.ratelimit)}
          </td>
          <td data-label="Price" className="num">
            {planPrice(plan)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The plan of one account, changed on the spot. */
export function PlanPicker({ user, plans }: { user: User; plans: Plan[] }) {
  const subscribe = useSubscribe();
  return (
    <>
      <label className="visually-hidden" htmlFor={`plan-${user.id}`}>
        Plan of {user.username}
      </label>
      <select
        id={`plan-${user.id}`}
        className="plan-picker"
        value={user.planid ?? ''}
        onChange={(e) => e.target.value && subscribe.mutate({ user: user.id, plan: Number(e.target.value) })}
        disabled={subscribe.isPending}
      >
        {user.planid === null && <option value="">None</option>}
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}
          </option>
        ))}
      </select>
      <ErrorAlert error={subscribe.error} className="error small" />
    </>
  );
}
