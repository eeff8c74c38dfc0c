//! Rate limits: a token bucket per connection (messages) and per remote
//! address (failed joins, creates), with bounded memory.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

use crate::settings::MAX_TRACKED_ADDRESSES;

/// A token bucket: `burst` tokens at most, refilled at `per_second`.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    #[must_use]
    pub fn new(per_second: f64, burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_second,
            last: Instant::now(),
        }
    }

    fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + dt * self.per_second).min(self.burst);
        self.last = now;
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        self.take_at(Instant::now())
    }

    fn take_at(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn is_full_at(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// A budget of events per remote address per minute (failed joins, creates).
#[derive(Debug)]
pub struct AddressLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl AddressLimiter {
    /// `per_minute` events per address per minute, with a burst of as many.
    #[must_use]
    pub fn new(per_minute: u32) -> AddressLimiter {
        AddressLimiter {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one event from `addr`; `false` if its budget is spent.
    pub fn take(&self, addr: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_TRACKED_ADDRESSES && !buckets.contains_key(&addr) {
            // Forget the addresses whose budget is whole again; if none is,
            // forget them all rather than grow.
            buckets.retain(|_, b| !b.is_full_at(now));
            if buckets.len() >= MAX_TRACKED_ADDRESSES {
                buckets.clear();
            }
        }
        let per_second = f64::from(self.per_minute) / 60.0;
        buckets
            .entry(addr)
            .or_insert_with(|| Bucket::new(per_second, self.per_minute))
            .take_at(now)
    }

    /// Whether `addr` has budget left, without spending any.
    pub fn allows(&self, addr: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        buckets.get_mut(&addr).is_none_or(|b| {
            b.refill(now);
            b.tokens >= 1.0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let start = Instant::now();
        let mut b = Bucket::new(10.0, 3);
        b.last = start;
        assert!((0..3).all(|_| b.take_at(start)));
        assert!(!b.take_at(start));
        assert!(!b.take_at(start + Duration::from_millis(50)));
        assert!(b.take_at(start + Duration::from_millis(160)));
        assert!(!b.take_at(start + Duration::from_millis(170)));
        assert!(b.is_full_at(start + Duration::from_secs(10)));
    }

    #[test]
    fn addresses_have_separate_budgets() {
        let l = AddressLimiter::new(2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(l.take(a) && l.take(a));
        assert!(!l.take(a));
        assert!(!l.allows(a));
        assert!(l.allows(b));
        assert!(l.take(b));
    }
}
