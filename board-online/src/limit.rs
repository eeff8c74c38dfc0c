//! Limits: a token bucket per connection (messages) and per remote address
//! (failed joins, creates), with bounded memory; and [`Admission`], which
//! counts open connections in all and per address from the moment they are
//! accepted.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
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

    /// Returns the event last taken from `addr`'s budget: a charge taken
    /// before the outcome was known (a lookup) that turned out not to count.
    /// Taking first and giving back after is what keeps the budget whole
    /// under concurrent requests: each one holds its token while it runs.
    pub fn give_back(&self, addr: IpAddr) {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(b) = buckets.get_mut(&addr) {
            b.tokens = (b.tokens + 1.0).min(b.burst);
        }
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

/// Why a new connection was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The server holds `--max-connections` connections.
    #[error("too many connections")]
    Full,
    /// The remote address holds `--max-connections-per-address` connections.
    #[error("too many connections from this address")]
    Address,
}

/// Open connections, counted from the moment a socket is accepted (before
/// its HTTP request and WebSocket upgrade) until it is closed: in all, and
/// per remote address.
#[derive(Debug)]
pub struct Admission {
    max: usize,
    max_per_address: usize,
    /// The open connections of each address; an address with none is
    /// removed, so the map never holds more than `max` entries.
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One admitted connection; dropping it frees its place.
#[derive(Debug)]
pub struct Slot {
    admission: Arc<Admission>,
    /// The address it counts against, if any.
    addr: Option<IpAddr>,
    /// Whether it counts in all.
    total: bool,
}

impl Admission {
    /// At most `max` connections, `max_per_address` from one address.
    #[must_use]
    pub fn new(max: usize, max_per_address: usize) -> Arc<Admission> {
        Arc::new(Admission {
            max,
            max_per_address,
            open: Mutex::new((0, HashMap::new())),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (usize, HashMap<IpAddr, usize>)> {
        // Every operation leaves the counts consistent before it could panic.
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A place for a new connection from `addr`, if there is one.
    ///
    /// # Errors
    /// The server or the address holds as many connections as it may.
    pub fn admit(self: &Arc<Self>, addr: IpAddr) -> Result<Slot, Refused> {
        let mut open = self.lock();
        if open.0 >= self.max {
            return Err(Refused::Full);
        }
        let mine = open.1.entry(addr).or_insert(0);
        if *mine >= self.max_per_address {
            return Err(Refused::Address);
        }
        *mine += 1;
        open.0 += 1;
        Ok(Slot {
            admission: self.clone(),
            addr: Some(addr),
            total: true,
        })
    }

    /// A place for a new connection from a trusted proxy, counted in all
    /// only: its client's address, known once its request is read, is
    /// counted then ([`Admission::admit_client`]).
    ///
    /// # Errors
    /// The server holds as many connections as it may.
    pub fn admit_proxied(self: &Arc<Self>) -> Result<Slot, Refused> {
        let mut open = self.lock();
        if open.0 >= self.max {
            return Err(Refused::Full);
        }
        open.0 += 1;
        Ok(Slot {
            admission: self.clone(),
            addr: None,
            total: true,
        })
    }

    /// Counts a connection admitted through a trusted proxy against its
    /// client's address `addr` (it counts in all already).
    ///
    /// # Errors
    /// The address holds as many connections as it may.
    pub fn admit_client(self: &Arc<Self>, addr: IpAddr) -> Result<Slot, Refused> {
        let mut open = self.lock();
        let mine = open.1.entry(addr).or_insert(0);
        if *mine >= self.max_per_address {
            return Err(Refused::Address);
        }
        *mine += 1;
        Ok(Slot {
            admission: self.clone(),
            addr: Some(addr),
            total: false,
        })
    }

    /// The connections open now.
    #[must_use]
    pub fn open(&self) -> usize {
        self.lock().0
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.admission.lock();
        if self.total {
            open.0 = open.0.saturating_sub(1);
        }
        if let Some(addr) = self.addr {
            if let Some(n) = open.1.get_mut(&addr) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    open.1.remove(&addr);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn admission_counts_in_all_and_per_address_and_frees_on_drop() {
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let c: IpAddr = "10.0.0.3".parse().unwrap();
        let admission = Admission::new(3, 2);
        let a1 = admission.admit(a).unwrap();
        let _a2 = admission.admit(a).unwrap();
        assert_eq!(admission.admit(a).unwrap_err(), Refused::Address);
        let _b1 = admission.admit(b).unwrap();
        assert_eq!(admission.admit(c).unwrap_err(), Refused::Full);
        assert_eq!(admission.open(), 3);
        drop(a1);
        assert_eq!(admission.open(), 2);
        let _c1 = admission.admit(c).unwrap();
        assert_eq!(admission.admit(a).unwrap_err(), Refused::Full);
        assert_eq!(admission.lock().1.len(), 3);
    }

    #[test]
    fn a_proxied_connection_counts_in_all_then_against_its_client() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let a: IpAddr = "203.0.113.1".parse().unwrap();
        let admission = Admission::new(3, 1);
        let p1 = admission.admit_proxied().unwrap();
        let p2 = admission.admit_proxied().unwrap();
        // The proxy's own address is not limited; its clients' are.
        let a1 = admission.admit_client(a).unwrap();
        assert_eq!(admission.admit_client(a).unwrap_err(), Refused::Address);
        let _direct = admission.admit(proxy).unwrap();
        assert_eq!(admission.admit_proxied().unwrap_err(), Refused::Full);
        assert_eq!(admission.open(), 3);
        drop(a1);
        drop(p1);
        assert_eq!(admission.open(), 2);
        let _a2 = admission.admit_client(a).unwrap();
        drop(p2);
        assert_eq!(admission.open(), 1);
    }

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

    #[test]
    fn a_charge_given_back_is_spendable_again_but_never_past_the_burst() {
        let l = AddressLimiter::new(2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        assert!(l.take(a) && l.take(a));
        assert!(!l.take(a));
        l.give_back(a);
        assert!(l.take(a));
        assert!(!l.take(a));
        // An address never charged, or given back more than it spent,
        // gains nothing beyond its burst.
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        l.give_back(b);
        assert!(l.take(b));
        l.give_back(b);
        l.give_back(b);
        assert!(l.take(b) && l.take(b));
        assert!(!l.take(b));
    }
}
