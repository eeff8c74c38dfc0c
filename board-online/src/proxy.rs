//! Trusted reverse proxies (`serve --trusted-proxy CIDR`): the address
//! ranges ([`Cidr`]) whose connections carry their client's address in
//! `X-Forwarded-For`, and [`TrustedProxies::client`], which finds that
//! address for the per-address limits.
//!
//! The client is the right-most entry of `X-Forwarded-For` that is not a
//! trusted proxy: entries to its left were written by the client itself and
//! prove nothing. From a peer outside the trusted ranges the header is
//! ignored.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;

/// A range of addresses: an address and a prefix length, `10.0.0.0/8`,
/// `fd00::/8`; a bare address is the range of that address alone.
///
/// ```
/// use board_online::proxy::Cidr;
///
/// let net: Cidr = "10.1.0.0/16".parse()?;
/// assert!(net.contains("10.1.2.3".parse()?));
/// assert!(!net.contains("10.2.0.1".parse()?));
/// assert_eq!(net.to_string(), "10.1.0.0/16");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    addr: IpAddr,
    prefix: u8,
}

/// Why a text is not an address range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CidrError {
    /// The part before `/` is not an IPv4 or IPv6 address.
    #[error("{0:?} is not an IP address (expected e.g. 10.0.0.0/8 or fd00::/8)")]
    Address(String),
    /// The prefix length is not a number up to the address's bits.
    #[error("prefix length {0:?} is not a number from 0 to {1}")]
    Prefix(String, u8),
}

impl Cidr {
    /// The bits of addresses of this range's family.
    fn bits(self) -> u8 {
        match self.addr {
            IpAddr::V4(_) => 32,
            IpAddr::V6(_) => 128,
        }
    }

    /// Whether `addr` is in the range (an IPv4 address mapped into IPv6,
    /// `::ffff:10.0.0.1`, counts as the IPv4 address).
    #[must_use]
    pub fn contains(&self, addr: IpAddr) -> bool {
        match (self.addr.to_canonical(), addr.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(a)) => prefix_eq(
                u128::from(net.to_bits()),
                u128::from(a.to_bits()),
                32,
                self.prefix,
            ),
            (IpAddr::V6(net), IpAddr::V6(a)) => {
                prefix_eq(net.to_bits(), a.to_bits(), 128, self.prefix)
            }
            _ => false,
        }
    }
}

/// Whether the first `prefix` of the `bits` low bits of `a` and `b` agree.
fn prefix_eq(a: u128, b: u128, bits: u8, prefix: u8) -> bool {
    let shift = u32::from(bits - prefix.min(bits));
    a.checked_shr(shift).unwrap_or(0) == b.checked_shr(shift).unwrap_or(0)
}

impl FromStr for Cidr {
    type Err = CidrError;

    fn from_str(text: &str) -> Result<Cidr, CidrError> {
        let (addr, prefix) = match text.trim().split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text.trim(), None),
        };
        let addr: IpAddr = addr
            .parse()
            .map_err(|_| CidrError::Address(crate::excerpt(addr)))?;
        let mut cidr = Cidr { addr, prefix: 0 };
        let bits = cidr.bits();
        cidr.prefix = match prefix {
            None => bits,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= bits)
                .ok_or_else(|| CidrError::Prefix(crate::excerpt(p), bits))?,
        };
        Ok(cidr)
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// The reverse proxies whose `X-Forwarded-For` the server believes.
///
/// ```
/// use axum::http::HeaderMap;
/// use board_online::proxy::TrustedProxies;
///
/// let proxies = TrustedProxies::new(vec!["127.0.0.1".parse()?]);
/// let mut headers = HeaderMap::new();
/// headers.insert("x-forwarded-for", "198.51.100.7, 203.0.113.1".parse()?);
/// // From the proxy: the right-most entry it did not write itself.
/// assert_eq!(proxies.client("127.0.0.1".parse()?, &headers), "203.0.113.1".parse::<std::net::IpAddr>()?);
/// // From anyone else: the header is ignored.
/// assert_eq!(proxies.client("192.0.2.9".parse()?, &headers), "192.0.2.9".parse::<std::net::IpAddr>()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Cidr>);

impl TrustedProxies {
    /// The proxies in `ranges` (none: every header is ignored).
    #[must_use]
    pub fn new(ranges: Vec<Cidr>) -> TrustedProxies {
        TrustedProxies(ranges)
    }

    /// Whether `addr` is a trusted proxy.
    #[must_use]
    pub fn trusts(&self, addr: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(addr))
    }

    /// The address of the client behind a connection from `peer`: from a
    /// trusted proxy, the right-most `X-Forwarded-For` entry that is not a
    /// trusted proxy (an entry that is not an address stops the walk at the
    /// last trusted hop); from anyone else, `peer` itself.
    #[must_use]
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let mut client = peer;
        // Several headers are one list, in order.
        let entries = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .collect::<Vec<_>>();
        for entry in entries.into_iter().rev() {
            let Ok(addr) = entry.trim().parse::<IpAddr>() else {
                break;
            };
            client = addr;
            if !self.trusts(addr) {
                break;
            }
        }
        client
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for v in values {
            headers.append("x-forwarded-for", v.parse().unwrap());
        }
        headers
    }

    #[test]
    fn ranges_parse_print_and_contain() {
        let net: Cidr = "10.0.0.0/8".parse().unwrap();
        assert!(net.contains(ip("10.255.0.1")));
        assert!(!net.contains(ip("11.0.0.1")));
        assert!(net.contains(ip("::ffff:10.1.2.3")));
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert_eq!(one.to_string(), "127.0.0.1/32");
        assert!(one.contains(ip("127.0.0.1")) && !one.contains(ip("127.0.0.2")));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("192.0.2.1")) && !all.contains(ip("::1")));
        let v6: Cidr = "fd00::/8".parse().unwrap();
        assert!(v6.contains(ip("fd12::1")) && !v6.contains(ip("fe80::1")));
        assert!(matches!(
            "10.0.0.0/33".parse::<Cidr>(),
            Err(CidrError::Prefix(_, 32))
        ));
        assert!(matches!(
            "10.0.0/8".parse::<Cidr>(),
            Err(CidrError::Address(_))
        ));
        assert!(matches!(
            "::/x".parse::<Cidr>(),
            Err(CidrError::Prefix(_, 128))
        ));
    }

    #[test]
    fn the_client_is_the_right_most_untrusted_entry_from_a_trusted_peer_only() {
        let proxies = TrustedProxies::new(vec![
            "127.0.0.1".parse().unwrap(),
            "10.0.0.0/8".parse().unwrap(),
        ]);
        let peer = ip("127.0.0.1");
        // Forged entries on the left are passed over.
        let h = forwarded(&["6.6.6.6, 203.0.113.1, 10.0.0.5"]);
        assert_eq!(proxies.client(peer, &h), ip("203.0.113.1"));
        // Two headers are one list.
        let h = forwarded(&["6.6.6.6", "203.0.113.2"]);
        assert_eq!(proxies.client(peer, &h), ip("203.0.113.2"));
        // Only trusted hops: the left-most of them.
        let h = forwarded(&["10.0.0.9, 10.0.0.5"]);
        assert_eq!(proxies.client(peer, &h), ip("10.0.0.9"));
        // Garbage stops the walk at the last trusted hop.
        let h = forwarded(&["203.0.113.3, unknown, 10.0.0.5"]);
        assert_eq!(proxies.client(peer, &h), ip("10.0.0.5"));
        // No header: the proxy itself.
        assert_eq!(proxies.client(peer, &HeaderMap::new()), peer);
        // From an untrusted peer the header changes nothing.
        let h = forwarded(&["203.0.113.1"]);
        assert_eq!(proxies.client(ip("192.0.2.1"), &h), ip("192.0.2.1"));
        assert_eq!(TrustedProxies::default().client(peer, &h), peer);
    }
}
