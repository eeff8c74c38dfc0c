//! TLS: a certificate made at test time, the server on https:// and wss://,
//! CLI clients trusting it with `--ca`.

use crate::harness::{Proc, Server, TempDir};

#[test]
fn a_game_is_played_over_wss_with_a_certificate_made_for_the_test() {
    let dir = TempDir::new("tls");
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).unwrap();
    let cert = dir.path().join("cert.pem");
    let key = dir.path().join("key.pem");
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    let (cert, key) = (cert.to_str().unwrap(), key.to_str().unwrap());
    let server = Server::start(
        dir.path(),
        "127.0.0.1:0",
        &["--tls-cert", cert, "--tls-key", key],
    );
    let port = server.addr.rsplit_once(':').unwrap().1;
    let url = format!("wss://localhost:{port}");

    let client = |name: &str, args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["--server", &url, "--ca", cert]);
        Proc::spawn(name, &all, dir.path())
    };
    let mut host = client("host", &["host", "kybo", "--seat", "first"]);
    let code = host.expect_prefix("code: ");
    assert_eq!(host.expect_prefix("seat: "), "first");
    let mut join = client("join", &["join", &code]);
    assert_eq!(join.expect_prefix("seat: "), "second");
    host.expect("a prompt", |l| l.starts_with("your move"));
    host.send("d4");
    assert_eq!(host.expect_prefix("move 1: "), "D4");
    assert_eq!(join.expect_prefix("move 1: "), "D4");
    join.send("resign");
    for p in [&mut host, &mut join] {
        assert_eq!(p.expect_prefix("result: "), "Black resigns, White wins");
        assert!(p.wait().success());
    }
    // The record over HTTPS.
    let mut record = client("record", &["record", &code]);
    assert_eq!(
        record.expect("the record", |l| !l.starts_with("stderr: ")),
        "D4"
    );
    assert!(record.wait().success());

    // Without --ca the self-signed certificate is not trusted; plain ws://
    // to the TLS port gets nothing.
    let mut untrusted = Proc::spawn(
        "untrusted",
        &["record", &code, "--server", &url],
        dir.path(),
    );
    let line = untrusted.expect("an error", |l| l.starts_with("stderr: error"));
    assert!(line.contains("certificate"), "{line}");
    assert!(!untrusted.wait().success());
    let plain = format!("ws://{}", server.addr);
    let mut plain = Proc::spawn("plain", &["record", &code, "--server", &plain], dir.path());
    plain.expect("an error", |l| l.starts_with("stderr: error"));
    assert!(!plain.wait().success());
}
