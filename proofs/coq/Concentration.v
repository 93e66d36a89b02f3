(* Hoeffding's lemma, Hoeffding's inequality, Markov and Chebyshev (source 002,
   002_3ec5ec57f55c1fdf.txt, article 有用な確率不等式のまとめ, sections "Markov's inequality /
   Chebyshev's inequality" and "Hoeffding's inequality").

   Probability is formalised abstractly; a measure-theoretic probability space is out of
   reach with the standard library.
   * A law of a random variable X with a <= X <= b is a functional L g = E[g(X)] on
     continuous g that is monotone on [a, b] and affine (L(c·x + d) = c·E[X] + d): every
     probability law supported in [a, b] has these properties.
   * An expectation on a sample space Ω is a functional E : (Ω → R) → R that is monotone
     (pointwise), linear and has E[1] = 1; P(A) is E of the indicator of A.  Every finite
     probability space is an instance (the two-point space below is one).  E is defined
     on all functions Ω → R, which a measure-theoretic expectation is not: the theorems
     apply to finite (and, by the same proof, to any) probability spaces on the bounded
     measurable functions they use.
   * Independence of X_1..X_n enters only as the factorisation of the moment generating
     function, E[Π_i e^{sZ_i}] = Π_i E[e^{sZ_i}] (the source's step "∵ independency"),
     which independence implies. *)

Set Warnings "-ambiguous-paths".
From Coq Require Import Reals Lra Lia FunctionalExtensionality.
From Coquelicot Require Import Coquelicot.
From Clickbound Require Import KL.
Open Scope R_scope.

(* ------------------------------------------------------------ φ of the source's proof *)

(* φ(u) = log(p e^{(1−p)u} + (1 − p) e^{−pu})  (source: "\phi (u) = \log ( pe^{(1 - p)u} + (1 - p)e^{-pu} )") *)
Definition phi (p u : R) : R := ln (p * exp ((1 - p) * u) + (1 - p) * exp (- p * u)).
Definition rho (p u : R) : R := p * exp u / (1 - p + p * exp u).
Definition dphi (p u : R) : R := - p + rho p u.
Definition d2phi (p u : R) : R := rho p u * (1 - rho p u).

Lemma denom_pos (p u : R) : 0 <= p <= 1 -> 0 < 1 - p + p * exp u.
Proof.
  intro Hp. pose proof (exp_pos u). destruct (Rle_lt_or_eq_dec p 1 (proj2 Hp)) as [L | E].
  - assert (0 <= p * exp u) by (apply Rmult_le_pos; lra). lra.
  - subst. lra.
Qed.

Lemma phi_alt (p u : R) : 0 <= p <= 1 -> phi p u = - p * u + ln (1 - p + p * exp u).
Proof.
  intro Hp. unfold phi.
  replace (p * exp ((1 - p) * u) + (1 - p) * exp (- p * u))
    with (exp (- p * u) * (1 - p + p * exp u)).
  - rewrite ln_mult by (apply exp_pos || apply denom_pos; exact Hp). rewrite ln_exp. ring.
  - replace ((1 - p) * u) with (- p * u + u) by ring. rewrite exp_plus. ring.
Qed.

(* source: "\phi(0) = \log (p - (1 - p)) = 0" (ERR-HLEMMA-PHI0: log(p + (1 − p)) meant) *)
Lemma phi_0 (p : R) : 0 <= p <= 1 -> phi p 0 = 0.
Proof.
  intro Hp. rewrite phi_alt by exact Hp. rewrite exp_0.
  replace (1 - p + p * 1) with 1 by ring. rewrite ln_1. ring.
Qed.

(* source: "\phi'(u) = -p + \frac{p e^u}{1 - p + p e^u}", "\phi'(0) = 0" *)
Lemma phi_derive (p u : R) : 0 <= p <= 1 -> is_derive (phi p) u (dphi p u).
Proof.
  intro Hp. apply is_derive_ext with (f := fun x => - p * x + ln (1 - p + p * exp x)).
  { intro x. rewrite phi_alt by exact Hp. reflexivity. }
  pose proof (denom_pos p u Hp). unfold dphi, rho. auto_derive.
  - lra.
  - field. lra.
Qed.

Lemma dphi_0 (p : R) : dphi p 0 = 0.
Proof. unfold dphi, rho. rewrite exp_0. field_simplify; [ring | lra]. Qed.

(* source: "\phi'' (u) = \frac{1 - p}{1 - p + pe^u} \cdot \frac{pe^u}{1 - p + pe^u}" = ρ(1 − ρ) *)
Lemma dphi_derive (p u : R) : 0 <= p <= 1 -> is_derive (dphi p) u (d2phi p u).
Proof.
  intro Hp. pose proof (denom_pos p u Hp). unfold dphi, d2phi, rho. auto_derive.
  - lra.
  - field. lra.
Qed.

(* source: "... \leqq \frac{1}{4}" *)
Lemma d2phi_le (p u : R) : d2phi p u <= 1 / 4.
Proof.
  unfold d2phi. set (r := rho p u). assert (0 <= (r - 1 / 2) ^ 2) by apply pow2_ge_0. nra.
Qed.

(* Taylor's theorem with the Lagrange remainder, order 2, for a twice differentiable f:
   f(u) = f(0) + u f'(0) + (u²/2) f''(v) for some v between 0 and u.  This is the step
   ERR-HLEMMA-TAYLOR corrects: the source prints φ''(0) where φ''(v) is meant. *)
Lemma taylor_lagrange2 (f df d2f : R -> R) (u : R) :
  (forall x, is_derive f x (df x)) -> (forall x, is_derive df x (d2f x)) ->
  exists v, Rmin 0 u <= v <= Rmax 0 u /\ f u = f 0 + u * df 0 + u ^ 2 / 2 * d2f v.
Proof.
  intros Hf Hdf. destruct (Req_dec u 0) as [U0 | U0].
  { exists 0. subst. rewrite Rmin_left, Rmax_left by lra. split; [lra | simpl; lra]. }
  set (K := 2 * (f u - f 0 - u * df 0) / u ^ 2).
  set (F := fun x => f u - f x - (u - x) * df x - K * (u - x) ^ 2 / 2).
  set (dF := fun x => (u - x) * (K - d2f x)).
  assert (HF : forall x, is_derive F x (dF x)).
  { intro x. unfold F, dF.
    assert (Hfx := Hf x). assert (Hdfx := Hdf x).
    auto_derive.
    - repeat split; [exists (df x); exact Hfx | exists (d2f x); exact Hdfx].
    - replace (Derive (fun x0 => f x0) x) with (df x) by (symmetry; apply is_derive_unique; exact Hfx).
      replace (Derive (fun x0 => df x0) x) with (d2f x) by (symmetry; apply is_derive_unique; exact Hdfx).
      field. }
  assert (F0 : F 0 = 0).
  { unfold F, K. field. exact U0. }
  assert (Fu : F u = 0) by (unfold F; field).
  assert (Hc : forall x, continuity_pt F x) by (intro x; apply (continuity_of_derive _ _ (dF x)); apply HF).
  destruct (Rlt_or_le 0 u) as [Pos | Neg].
  - destruct (mvt_open F dF 0 u Pos (fun c _ => HF c) (fun c _ => Hc c)) as [c [Hc1 E]].
    rewrite F0, Fu in E. unfold dF in E.
    assert (EK : K = d2f c).
    { assert (NZ : (u - c) * (u - 0) <> 0) by (apply Rmult_integral_contrapositive; split; lra).
      apply Rminus_diag_uniq. apply (Rmult_eq_reg_l ((u - c) * (u - 0))); [| exact NZ].
      replace ((u - c) * (u - 0) * (K - d2f c)) with ((u - c) * (K - d2f c) * (u - 0)) by ring.
      rewrite <- E. ring. }
    exists c. rewrite Rmin_left, Rmax_right by lra. split; [lra |].
    rewrite <- EK. unfold K. field. exact U0.
  - destruct (mvt_open F dF u 0 ltac:(lra) (fun c _ => HF c) (fun c _ => Hc c)) as [c [Hc1 E]].
    rewrite F0, Fu in E. unfold dF in E.
    assert (EK : K = d2f c).
    { assert (NZ : (u - c) * (0 - u) <> 0) by (apply Rmult_integral_contrapositive; split; lra).
      apply Rminus_diag_uniq. apply (Rmult_eq_reg_l ((u - c) * (0 - u))); [| exact NZ].
      replace ((u - c) * (0 - u) * (K - d2f c)) with ((u - c) * (K - d2f c) * (0 - u)) by ring.
      rewrite <- E. ring. }
    exists c. rewrite Rmin_right, Rmax_left by lra. split; [lra |].
    rewrite <- EK. unfold K. field. exact U0.
Qed.

(* source: "テイラーの定理より, 0 \leqq v \leqq u となる v が存在して, \phi(u) = \phi(0) + u \phi'(0)
   + \frac{u^2}{2} \phi''(v) \leqq \frac{u^2}{8}" (with φ''(v), as ERR-HLEMMA-TAYLOR states) *)
Lemma phi_taylor (p u : R) : 0 <= p <= 1 ->
  exists v, Rmin 0 u <= v <= Rmax 0 u /\ phi p u = phi p 0 + u * dphi p 0 + u ^ 2 / 2 * d2phi p v.
Proof.
  intro Hp. apply taylor_lagrange2; intro x; [apply phi_derive | apply dphi_derive]; exact Hp.
Qed.

Lemma phi_le (p u : R) : 0 <= p <= 1 -> phi p u <= u ^ 2 / 8.
Proof.
  intro Hp. destruct (phi_taylor p u Hp) as [v [_ E]].
  rewrite E, phi_0, dphi_0 by exact Hp. pose proof (d2phi_le p v).
  assert (0 <= u ^ 2) by apply pow2_ge_0. nra.
Qed.

(* ------------------------------------------------------------ the chord step *)

Lemma exp_le_mono (x y : R) : x <= y -> exp x <= exp y.
Proof.
  intro H. destruct (Rle_lt_or_eq_dec x y H) as [L | E]; [left; apply exp_increasing; exact L |].
  subst. lra.
Qed.

Lemma exp_convex (x y t : R) : 0 <= t <= 1 -> exp (t * x + (1 - t) * y) <= t * exp x + (1 - t) * exp y.
Proof.
  intro Ht.
  apply (convex_of_deriv_mono exp exp (Rmin x y) (Rmax x y + 1)).
  - intros c _. auto_derive; [exact I | ring].
  - intros c1 c2 _ H _. apply exp_le_mono. exact H.
  - split; [apply Rmin_l | pose proof (Rmax_l x y); lra].
  - split; [apply Rmin_r | pose proof (Rmax_r x y); lra].
  - exact Ht.
Qed.

(* source: "e^{sx} \leqq \lambda e^{sa} + (1 - \lambda) e^{sb} = \frac{b - x}{b - a} e^{sa} +
   \frac{x - a}{b - a} e^{sb}" with λ = (b − x)/(b − a) (and sx = s(λa + (1 − λ)b)) *)
Lemma exp_chord (s a b x : R) : a < b -> a <= x <= b ->
  exp (s * x) <= (b - x) / (b - a) * exp (s * a) + (x - a) / (b - a) * exp (s * b).
Proof.
  intros Hab Hx. set (t := (b - x) / (b - a)).
  assert (Ht : 0 <= t <= 1).
  { unfold t. split.
    - apply Rdiv_le_0_compat; lra.
    - apply (Rmult_le_reg_r (b - a)); [lra |]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  assert (E1 : s * x = t * (s * a) + (1 - t) * (s * b)) by (unfold t; field; lra).
  assert (E2 : (x - a) / (b - a) = 1 - t) by (unfold t; field; lra).
  rewrite E1, E2. apply exp_convex. exact Ht.
Qed.

(*! claim CONC-HLEMMA/exponent-corrected *)
(*! args s x a b *)
Theorem hlemma_exponent_corrected (s x a b : R) : a < b ->
  s * x = s * (a * (b - x) / (- a + b) + b * (1 - (b - x) / (- a + b))).
Proof. intro H. field. lra. Qed.

(* ------------------------------------------------------------ Hoeffding's lemma *)

Lemma cont_exp_scaled (s x : R) : continuity_pt (fun y => exp (s * y)) x.
Proof.
  apply (continuity_of_derive _ _ (s * exp (s * x))). auto_derive; [exact I | ring].
Qed.

Lemma cont_affine (c d x : R) : continuity_pt (fun y => c * y + d) x.
Proof. apply (continuity_of_derive _ _ c). auto_derive; [exact I | ring]. Qed.

(* CONC-HLEMMA and CONC-HLEMMA/proof (002_3ec5ec57f55c1fdf.txt, 有用な確率不等式のまとめ >
   Hoeffding's inequality > Hoeffding's lemma, 導出: "確率変数 X が E[X] = 0, a \leqq X \leqq b
   を満たすとき ... E[\exp(sX)] \leqq \exp(s^2 (b - a)^2 / 8)"), for every real s (the source
   states s > 0).  L is the law of X: L g = E[g(X)] for continuous g, monotone on [a, b]
   (X ∈ [a, b]), affine, with E[X] = L(x ↦ x) = 0.  The proof is the source's, repaired:
   the chord of e^{sx} (exp_chord), E[e^{sX}] <= (not =, ERR-HLEMMA-MGF-EQ) the two-point
   value = e^{φ(u)} with p = −a/(b − a), u = s(b − a); φ(0) = 0 (ERR-HLEMMA-PHI0),
   φ'(0) = 0, φ'' = ρ(1 − ρ) <= 1/4 and Taylor with φ''(v) (ERR-HLEMMA-TAYLOR). *)
(*! claim CONC-HLEMMA CONC-HLEMMA/proof *)
Theorem hoeffding_lemma (L : (R -> R) -> R) (a b s : R) :
  a <= b ->
  (forall g h : R -> R, (forall x, continuity_pt g x) -> (forall x, continuity_pt h x) ->
     (forall x, a <= x <= b -> g x <= h x) -> L g <= L h) ->
  (forall c d, L (fun x => c * x + d) = c * L (fun x => x) + d) ->
  L (fun x => x) = 0 ->
  L (fun x => exp (s * x)) <= exp (s ^ 2 * (b - a) ^ 2 / 8).
Proof.
  intros Hab Hmono Haff Hmean.
  assert (Lc : forall d, L (fun _ => d) = d).
  { intro d. replace (fun _ : R => d) with (fun x : R => 0 * x + d)
      by (apply functional_extensionality; intro; ring).
    rewrite Haff. ring. }
  assert (Lid : L (fun x => x) = L (fun x => 1 * x + 0))
    by (f_equal; apply functional_extensionality; intro; ring).
  (* a <= 0 <= b, from E[X] = 0 and a <= X <= b *)
  assert (Ha0 : a <= 0).
  { rewrite <- Hmean, <- (Lc a). apply Hmono.
    - intro; apply continuity_pt_const; intros ? ?; reflexivity.
    - intro x. apply continuity_pt_id.
    - intros x Hx. lra. }
  assert (Hb0 : 0 <= b).
  { rewrite <- Hmean, <- (Lc b). apply Hmono.
    - intro x. apply continuity_pt_id.
    - intro; apply continuity_pt_const; intros ? ?; reflexivity.
    - intros x Hx. lra. }
  destruct (Rle_lt_or_eq_dec a b Hab) as [Lt | Eq].
  2: { (* a = b: X = 0 *)
       subst b. assert (a = 0) by lra. subst a.
       replace (s ^ 2 * (0 - 0) ^ 2 / 8) with 0 by field. rewrite exp_0, <- (Lc 1).
       apply Hmono.
       - intro x. apply cont_exp_scaled.
       - intro; apply continuity_pt_const; intros ? ?; reflexivity.
       - intros x Hx. replace x with 0 by lra. rewrite Rmult_0_r, exp_0. lra. }
  set (c := (exp (s * b) - exp (s * a)) / (b - a)).
  set (d := (b * exp (s * a) - a * exp (s * b)) / (b - a)).
  assert (Step1 : L (fun x => exp (s * x)) <= d).
  { replace d with (L (fun x => c * x + d)) by (rewrite Haff, Hmean; ring).
    apply Hmono.
    - intro x. apply cont_exp_scaled.
    - intro x. apply cont_affine.
    - intros x Hx. eapply Rle_trans; [apply (exp_chord s a b x Lt Hx) |].
      right. unfold c, d. field. lra. }
  set (p := - a / (b - a)). set (u := s * (b - a)).
  assert (Hp : 0 <= p <= 1).
  { unfold p. split.
    - apply Rdiv_le_0_compat; lra.
    - apply (Rmult_le_reg_r (b - a)); [lra |]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  assert (Ed : d = exp (phi p u)).
  { unfold phi. rewrite exp_ln.
    - unfold d, p, u.
      replace ((1 - - a / (b - a)) * (s * (b - a))) with (s * b) by (field; lra).
      replace (- (- a / (b - a)) * (s * (b - a))) with (s * a) by (field; lra).
      field. lra.
    - pose proof (exp_pos ((1 - p) * u)). pose proof (exp_pos (- p * u)).
      destruct (Req_dec p 0) as [P0 | P0].
      + rewrite P0 in *. rewrite Rmult_0_l, Rplus_0_l. lra.
      + assert (0 < p * exp ((1 - p) * u)) by (apply Rmult_lt_0_compat; lra).
        assert (0 <= (1 - p) * exp (- p * u)) by (apply Rmult_le_pos; lra). lra. }
  assert (Step2 : exp (phi p u) <= exp (s ^ 2 * (b - a) ^ 2 / 8)).
  { apply exp_le_mono. replace (s ^ 2 * (b - a) ^ 2 / 8) with (u ^ 2 / 8) by (unfold u; field).
    apply phi_le. exact Hp. }
  lra.
Qed.

(* The hypotheses of hoeffding_lemma are met: the law of X = 0 (Dirac at 0) on [a, b] ∋ 0. *)
Lemma hoeffding_lemma_hyps_satisfiable (a b : R) : a <= 0 <= b ->
  let L := fun g : R -> R => g 0 in
  (forall g h : R -> R, (forall x, continuity_pt g x) -> (forall x, continuity_pt h x) ->
     (forall x, a <= x <= b -> g x <= h x) -> L g <= L h) /\
  (forall c d, L (fun x => c * x + d) = c * L (fun x => x) + d) /\ L (fun x => x) = 0.
Proof.
  intros Hab L. unfold L. split; [| split; [intros; ring | reflexivity]].
  intros g h _ _ H. apply H. exact Hab.
Qed.

(* ------------------------------------------------------------ expectations on Ω *)

Fixpoint rsum (f : nat -> R) (n : nat) : R :=
  match n with O => 0 | S k => rsum f k + f k end.

Fixpoint rprod (f : nat -> R) (n : nat) : R :=
  match n with O => 1 | S k => rprod f k * f k end.

(* the indicator of the event "x <= y" *)
Definition ind_le (x y : R) : R := if Rle_dec x y then 1 else 0.

(* Ω and E are explicit (implicit-argument) binders of every statement below. *)
Definition is_expectation {Omega : Type} (E : (Omega -> R) -> R) : Prop :=
  (forall f g : Omega -> R, (forall w, f w <= g w) -> E f <= E g) /\
  (forall (f g : Omega -> R) (c : R), E (fun w => f w + c * g w) = E f + c * E g) /\
  E (fun _ => 1) = 1.

Lemma E_ext {Omega : Type} (E : (Omega -> R) -> R) (f g : Omega -> R) : (forall w, f w = g w) -> E f = E g.
Proof. intro H. f_equal. apply functional_extensionality. exact H. Qed.

Lemma E_const {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (c : R) : E (fun _ => c) = c.
Proof.
  destruct HE as [_ [Hlin H1]].
  assert (Z : E (fun _ => 0) = 0).
  { pose proof (Hlin (fun _ => 0) (fun _ => 0) 1) as H. cbv beta in H.
    rewrite (E_ext E (fun _ => 0 + 1 * 0) (fun _ => 0)) in H by (intro; ring). lra. }
  pose proof (Hlin (fun _ => 0) (fun _ => 1) c) as H. cbv beta in H.
  rewrite (E_ext E (fun _ => 0 + c * 1) (fun _ => c)) in H by (intro; ring).
  rewrite H, Z, H1. ring.
Qed.

Lemma E_scale {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (c : R) (f : Omega -> R) : E (fun w => c * f w) = c * E f.
Proof.
  pose proof (E_const HE 0) as Z. destruct HE as [Hm [Hlin H1]].
  pose proof (Hlin (fun _ => 0) f c) as H. cbv beta in H.
  rewrite (E_ext E (fun w => 0 + c * f w) (fun w => c * f w)) in H by (intro; ring).
  rewrite H, Z. ring.
Qed.

Lemma E_affine {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (c d : R) (f : Omega -> R) :
  E (fun w => c * f w + d) = c * E f + d.
Proof.
  pose proof (E_const HE d) as D. destruct HE as [Hm [Hlin H1]].
  pose proof (Hlin (fun _ => d) f c) as H. cbv beta in H.
  rewrite (E_ext E (fun w => d + c * f w) (fun w => c * f w + d)) in H by (intro; ring).
  rewrite H, D. ring.
Qed.

Lemma E_mono {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (f g : Omega -> R) : (forall w, f w <= g w) -> E f <= E g.
Proof. destruct HE as [Hm _]. apply Hm. Qed.

Lemma E_sum {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (X : nat -> Omega -> R) (n : nat) :
  E (fun w => rsum (fun i => X i w) n) = rsum (fun i => E (X i)) n.
Proof.
  pose proof (E_const HE 0) as Z. destruct HE as [Hm [Hlin H1]].
  induction n as [| k IH]; simpl; [exact Z |].
  pose proof (Hlin (fun w => rsum (fun i => X i w) k) (X k) 1) as H. cbv beta in H.
  rewrite (E_ext E (fun w => rsum (fun i => X i w) k + 1 * X k w)
                 (fun w => rsum (fun i => X i w) k + X k w)) in H by (intro; ring).
  rewrite H, IH. ring.
Qed.

(* CONC-MARKOV and CONC-MARKOV/proof (002_3ec5ec57f55c1fdf.txt, 有用な確率不等式のまとめ > Marcov's Inequality):
   X >= 0, ε > 0, p > 0 ⇒ P(X >= ε) <= E[X^p]/ε^p, for every expectation E (no density:
   ε^p·I{x >= ε} <= x^p pointwise).  x^p is rpow x p (Rpower for x > 0, 0 at x = 0). *)
Definition rpow (x p : R) : R := if Rlt_dec 0 x then Rpower x p else 0.

(*! claim CONC-MARKOV CONC-MARKOV/proof *)
Theorem markov {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (X : Omega -> R) (eps p : R) :
  (forall w, 0 <= X w) -> 0 < eps -> 0 < p ->
  E (fun w => ind_le eps (X w)) <= E (fun w => rpow (X w) p) / rpow eps p.
Proof.
  intros HX He Hp.
  assert (Pe : rpow eps p = Rpower eps p) by (unfold rpow; destruct (Rlt_dec 0 eps); [reflexivity | lra]).
  rewrite Pe. assert (Hpos : 0 < Rpower eps p) by (unfold Rpower; apply exp_pos).
  apply (Rmult_le_reg_l (Rpower eps p)); [exact Hpos |].
  replace (Rpower eps p * (E (fun w => rpow (X w) p) / Rpower eps p))
    with (E (fun w => rpow (X w) p)) by (field; lra).
  rewrite <- (E_scale HE). apply (E_mono HE). intro w. unfold ind_le, rpow.
  destruct (Rle_dec eps (X w)) as [Y | N].
  - destruct (Rlt_dec 0 (X w)) as [P | NP]; [| lra].
    rewrite Rmult_1_r. unfold Rpower. apply exp_le_mono.
    apply Rmult_le_compat_l; [lra | apply ln_le; lra].
  - rewrite Rmult_0_r. destruct (Rlt_dec 0 (X w)); [left; unfold Rpower; apply exp_pos | lra].
Qed.

(* CONC-CHEBYSHEV and CONC-CHEBYSHEV/proof (002_3ec5ec57f55c1fdf.txt, 有用な確率不等式のまとめ > Chebyshev's
   inequality): P(|Z − E Z| >= ε) <= V[Z]/ε² with V[Z] = E[(Z − E Z)²], every ε > 0. *)
(*! claim CONC-CHEBYSHEV CONC-CHEBYSHEV/proof *)
Theorem chebyshev {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (Z : Omega -> R) (eps : R) : 0 < eps ->
  E (fun w => ind_le eps (Rabs (Z w - E Z))) <= E (fun w => (Z w - E Z) ^ 2) / eps ^ 2.
Proof.
  intro He. assert (He2 : 0 < eps ^ 2) by (apply pow_lt; lra).
  apply (Rmult_le_reg_l (eps ^ 2)); [exact He2 |].
  replace (eps ^ 2 * (E (fun w => (Z w - E Z) ^ 2) / eps ^ 2))
    with (E (fun w => (Z w - E Z) ^ 2)) by (field; lra).
  rewrite <- (E_scale HE). apply (E_mono HE). intro w. unfold ind_le.
  destruct (Rle_dec eps (Rabs (Z w - E Z))) as [Y | N].
  - rewrite Rmult_1_r. rewrite <- (pow2_abs (Z w - E Z)).
    apply pow_incr. lra.
  - rewrite Rmult_0_r. apply pow2_ge_0.
Qed.

Lemma rprod_le (f g : nat -> R) (n : nat) :
  (forall i, (i < n)%nat -> 0 <= f i <= g i) -> rprod f n <= rprod g n.
Proof.
  induction n as [| k IH]; intro H; simpl; [lra |].
  assert (A : rprod f k <= rprod g k) by (apply IH; intros i Hi; apply H; lia).
  assert (P : forall m, (m <= k)%nat -> 0 <= rprod f m).
  { induction m as [| m IHm]; intro Hm; simpl; [lra |].
    apply Rmult_le_pos; [apply IHm; lia | apply H; lia]. }
  pose proof (P k (le_n k)). destruct (H k (Nat.lt_succ_diag_r k)).
  apply Rmult_le_compat; assumption.
Qed.

Lemma exp_rsum (f : nat -> R) (n : nat) : exp (rsum f n) = rprod (fun i => exp (f i)) n.
Proof. induction n as [| k IH]; simpl; [apply exp_0 | rewrite exp_plus, IH; reflexivity]. Qed.

Lemma rprod_exp_sq (s : R) (c : nat -> R) (n : nat) :
  rprod (fun i => exp (s ^ 2 * c i ^ 2 / 8)) n = exp (s ^ 2 * rsum (fun i => c i ^ 2) n / 8).
Proof.
  rewrite <- (exp_rsum (fun i => s ^ 2 * c i ^ 2 / 8)). f_equal.
  induction n as [| k IH]; cbn [rsum]; [field | rewrite IH; field].
Qed.

Lemma rsum_scale_diff (f g : nat -> R) (s : R) (n : nat) :
  rsum (fun i => s * (f i - g i)) n = s * (rsum f n - rsum g n).
Proof. induction n as [| k IH]; simpl; [ring | rewrite IH; ring]. Qed.

(* the source's deterministic step: (1) = s²C/8 − sε is minimised at s = 4ε/C with value
   −2ε²/C ("(1)を最小化する s = 4ε/Σ(b_i − a_i)^2 を代入すると") *)
Lemma chernoff_exponent_min (C eps s : R) : 0 < C ->
  - 2 * eps ^ 2 / C <= s ^ 2 * C / 8 - s * eps /\
  (4 * eps / C) ^ 2 * C / 8 - (4 * eps / C) * eps = - 2 * eps ^ 2 / C.
Proof.
  intro HC. split.
  - assert (Ediff : s ^ 2 * C / 8 - s * eps - (- 2 * eps ^ 2 / C) = C / 8 * (s - 4 * eps / C) ^ 2)
      by (field; lra).
    assert (0 <= C / 8 * (s - 4 * eps / C) ^ 2).
    { apply Rmult_le_pos; [lra | apply pow2_ge_0]. }
    lra.
  - field. lra.
Qed.

(* CONC-HOEFFDING and CONC-HOEFFDING/proof (002_3ec5ec57f55c1fdf.txt, 有用な確率不等式のまとめ >
   Hoeffding's inequality > Hoeffding's Inequality and its 導出): X_1..X_n with
   a_i <= X_i <= b_i, independent (in the form E[Π e^{sZ_i}] = Π E[e^{sZ_i}], Z_i = X_i − E X_i),
   every ε > 0:  P(mean − E mean >= ε) <= exp(−2n²ε²/Σ_i (b_i − a_i)²)  — with the square
   (ERR-HOEFFDING-SQUARE) and Z_i ∈ [a_i − E X_i, b_i − E X_i] (ERR-HOEFFDING-ZRANGE).
   Σ_i (b_i − a_i)² > 0 is needed for the right side to be defined.  Indices run 0..n−1. *)
(*! claim CONC-HOEFFDING CONC-HOEFFDING/proof *)
Theorem hoeffding {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (X : nat -> Omega -> R) (a b : nat -> R) (n : nat) (eps : R) :
  (forall i w, (i < n)%nat -> a i <= X i w <= b i) ->
  (forall s, E (fun w => rprod (fun i => exp (s * (X i w - E (X i)))) n) =
             rprod (fun i => E (fun w => exp (s * (X i w - E (X i))))) n) ->
  (0 < n)%nat -> 0 < eps -> 0 < rsum (fun i => (b i - a i) ^ 2) n ->
  E (fun w => ind_le eps (rsum (fun i => X i w) n / INR n - rsum (fun i => E (X i)) n / INR n))
  <= exp (- 2 * INR n ^ 2 * eps ^ 2 / rsum (fun i => (b i - a i) ^ 2) n).
Proof.
  intros Hab Hind Hn He HC.
  set (C := rsum (fun i => (b i - a i) ^ 2) n). fold C in HC.
  assert (HnR : 0 < INR n) by (apply lt_0_INR; exact Hn).
  set (s := 4 * (INR n * eps) / C).
  assert (Hs : 0 <= s) by (unfold s; apply Rlt_le, Rdiv_lt_0_compat; [nra | lra]).
  set (Z := fun i w => X i w - E (X i)).
  (* each E[e^{sZ_i}] <= exp(s²(b_i − a_i)²/8): Hoeffding's lemma for the law of Z_i *)
  assert (Hlem : forall i, (i < n)%nat -> E (fun w => exp (s * Z i w)) <= exp (s ^ 2 * (b i - a i) ^ 2 / 8)).
  { intros i Hi.
    assert (Hm : a i <= E (X i) <= b i).
    { split.
      - rewrite <- (E_const HE (a i)). apply (E_mono HE). intro w. apply Hab. exact Hi.
      - rewrite <- (E_const HE (b i)). apply (E_mono HE). intro w. apply Hab. exact Hi. }
    pose proof (hoeffding_lemma (fun g => E (fun w => g (Z i w))) (a i - E (X i)) (b i - E (X i)) s)
      as HL.
    replace (b i - E (X i) - (a i - E (X i))) with (b i - a i) in HL by ring.
    apply HL.
    - lra.
    - intros g h _ _ Hgh. apply (E_mono HE). intro w. apply Hgh. unfold Z.
      pose proof (Hab i w Hi). lra.
    - intros c d. rewrite (E_affine HE c d (Z i)). reflexivity.
    - unfold Z. rewrite (E_ext E (fun w => X i w - E (X i)) (fun w => 1 * X i w + - E (X i))) by (intro; ring).
      rewrite (E_affine HE). replace (E (X i)) with (E (fun w => X i w)) by reflexivity. ring. }
  (* Markov's inequality applied to e^{s(Σ Z_i − nε)}, pointwise *)
  assert (Hpt : forall w, ind_le eps (rsum (fun i => X i w) n / INR n - rsum (fun i => E (X i)) n / INR n)
                          <= exp (- s * (INR n * eps)) * rprod (fun i => exp (s * Z i w)) n).
  { intro w. rewrite <- (exp_rsum (fun i => s * Z i w)), <- exp_plus. unfold Z.
    rewrite (rsum_scale_diff (fun i => X i w) (fun i => E (X i)) s n).
    unfold ind_le. destruct (Rle_dec _ _) as [Y | N].
    - assert (Hd : INR n * eps <= rsum (fun i => X i w) n - rsum (fun i => E (X i)) n).
      { apply (Rmult_le_compat_l (INR n)) in Y; [| lra].
        replace (INR n * (rsum (fun i => X i w) n / INR n - rsum (fun i => E (X i)) n / INR n))
          with (rsum (fun i => X i w) n - rsum (fun i => E (X i)) n) in Y by (field; lra).
        lra. }
      rewrite <- exp_0. apply exp_le_mono.
      assert (0 <= s * (rsum (fun i => X i w) n - rsum (fun i => E (X i)) n - INR n * eps))
        by (apply Rmult_le_pos; lra).
      lra.
    - left. apply exp_pos. }
  eapply Rle_trans; [apply (E_mono HE _ _ Hpt) |].
  rewrite (E_scale HE). unfold Z. rewrite Hind.
  assert (Hprod : rprod (fun i => E (fun w => exp (s * (X i w - E (X i))))) n
                  <= rprod (fun i => exp (s ^ 2 * (b i - a i) ^ 2 / 8)) n).
  { apply rprod_le. intros i Hi. split.
    - rewrite <- (E_const HE 0). apply (E_mono HE). intro w. left. apply exp_pos.
    - apply Hlem. exact Hi. }
  rewrite rprod_exp_sq in Hprod. fold C in Hprod.
  eapply Rle_trans.
  { apply Rmult_le_compat_l; [left; apply exp_pos | exact Hprod]. }
  rewrite <- exp_plus. apply exp_le_mono.
  destruct (chernoff_exponent_min C (INR n * eps) s HC) as [_ Emin].
  unfold s in *. right.
  replace (- (4 * (INR n * eps) / C) * (INR n * eps) + (4 * (INR n * eps) / C) ^ 2 * C / 8)
    with ((4 * (INR n * eps) / C) ^ 2 * C / 8 - 4 * (INR n * eps) / C * (INR n * eps)) by ring.
  rewrite Emin. field. lra.
Qed.

Lemma rsum_ext (f g : nat -> R) (n : nat) : (forall i, (i < n)%nat -> f i = g i) -> rsum f n = rsum g n.
Proof.
  induction n as [| k IH]; intro H; cbn [rsum]; [reflexivity |].
  rewrite IH by (intros i Hi; apply H; lia). rewrite (H k) by lia. reflexivity.
Qed.

Lemma rprod_ext (f g : nat -> R) (n : nat) : (forall i, (i < n)%nat -> f i = g i) -> rprod f n = rprod g n.
Proof.
  induction n as [| k IH]; intro H; cbn [rprod]; [reflexivity |].
  rewrite IH by (intros i Hi; apply H; lia). rewrite (H k) by lia. reflexivity.
Qed.

Lemma rsum_const (c : R) (n : nat) : rsum (fun _ => c) n = INR n * c.
Proof. induction n as [| k IH]; cbn [rsum]; [simpl; ring | rewrite IH, S_INR; ring]. Qed.

Lemma rsum_opp (f : nat -> R) (n : nat) : rsum (fun i => - f i) n = - rsum f n.
Proof. induction n as [| k IH]; cbn [rsum]; [ring | rewrite IH; ring]. Qed.

Definition ind_lt (x y : R) : R := if Rlt_dec x y then 1 else 0.

(* UCB1-CI/fixed-count and UCB1-CI (002_3ec5ec57f55c1fdf.txt, 多腕バンディットアルゴリズムのリグレット解析 >
   Upper Confidence Boundアルゴリズム: "P(\mu_a - \hat{\mu}_a \geqq \epsilon) \leqq \exp(- 2 T_{a, t - 1}
   \epsilon^2)", "右辺を t^{-\alpha} とおいて"): for a fixed count T >= 1 of independent rewards
   X_i ∈ [0, 1] with mean μ, α > 0 and t >= 1,
   P(μ − μ̂_T >= sqrt(α log t/(2T))) <= t^{−α}, and so P(μ < μ̂_T + sqrt(α log t/(2T))) >= 1 − t^{−α}
   (>=, not the printed >: UCB1-CI/strict-as-printed).  From [hoeffding] applied to −X_i. *)
(*! claim UCB1-CI/fixed-count UCB1-CI *)
Theorem ucb1_ci_fixed_count {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (X : nat -> Omega -> R) (mu alpha t : R) (T : nat) :
  (forall i w, (i < T)%nat -> 0 <= X i w <= 1) ->
  (forall i, (i < T)%nat -> E (X i) = mu) ->
  (forall s, E (fun w => rprod (fun i => exp (s * (X i w - E (X i)))) T) =
             rprod (fun i => E (fun w => exp (s * (X i w - E (X i))))) T) ->
  (0 < T)%nat -> 0 < alpha -> 1 <= t ->
  E (fun w => ind_le (sqrt (alpha * ln t / (2 * INR T))) (mu - rsum (fun i => X i w) T / INR T))
    <= Rpower t (- alpha) /\
  E (fun w => ind_lt mu (rsum (fun i => X i w) T / INR T + sqrt (alpha * ln t / (2 * INR T))))
    >= 1 - Rpower t (- alpha).
Proof.
  intros Hx Hmu Hind HT Ha Ht.
  assert (HTR : 0 < INR T) by (apply lt_0_INR; exact HT).
  assert (Hl : 0 <= ln t) by (rewrite <- ln_1; apply ln_le; lra).
  set (eps := sqrt (alpha * ln t / (2 * INR T))).
  set (muhat := fun w => rsum (fun i => X i w) T / INR T).
  assert (Tail : E (fun w => ind_le eps (mu - muhat w)) <= Rpower t (- alpha)).
  { destruct (Req_dec (ln t) 0) as [L0 | L0].
    - (* t = 1: the bound is 1 *)
      unfold Rpower. rewrite L0, Rmult_0_r, exp_0. rewrite <- (E_const HE 1).
      apply (E_mono HE). intro w. unfold ind_le. destruct (Rle_dec _ _); lra.
    - assert (He : 0 < eps).
      { unfold eps. apply sqrt_lt_R0. apply Rdiv_lt_0_compat; [| lra].
        apply Rmult_lt_0_compat; lra. }
      set (Y := fun i w => - X i w).
      assert (HEY : forall i, (i < T)%nat -> E (Y i) = - mu).
      { intros i Hi. unfold Y. rewrite (E_ext E (fun w => - X i w) (fun w => -1 * X i w)) by (intro; ring).
        rewrite (E_scale HE). replace (E (fun w => X i w)) with (E (X i)) by reflexivity.
        rewrite Hmu by exact Hi. ring. }
      pose proof (hoeffding HE Y (fun _ => -1) (fun _ => 0) T eps) as H.
      rewrite (rsum_ext (fun i => (0 - -1) ^ 2) (fun _ => 1)) in H by (intros; ring).
      rewrite rsum_const in H.
      assert (Hb : forall i w, (i < T)%nat -> -1 <= Y i w <= 0).
      { intros i w Hi. unfold Y. pose proof (Hx i w Hi). lra. }
      assert (Hindep : forall s, E (fun w => rprod (fun i => exp (s * (Y i w - E (Y i)))) T) =
                             rprod (fun i => E (fun w => exp (s * (Y i w - E (Y i))))) T).
      { intro s. pose proof (Hind (- s)) as Hs.
        assert (P : forall w, rprod (fun i => exp (s * (Y i w - E (Y i)))) T =
                               rprod (fun i => exp (- s * (X i w - E (X i)))) T).
        { intro w. apply rprod_ext. intros i Hi. rewrite HEY, Hmu by exact Hi. unfold Y. f_equal. ring. }
        rewrite (E_ext E _ _ P), Hs. apply rprod_ext. intros i Hi. apply (E_ext E). intro w.
        rewrite HEY, Hmu by exact Hi. unfold Y. f_equal. ring. }
      specialize (H Hb Hindep HT He ltac:(lra)).
      assert (Ev : forall w, ind_le eps (rsum (fun i => Y i w) T / INR T - rsum (fun i => E (Y i)) T / INR T)
                             = ind_le eps (mu - muhat w)).
      { intro w. f_equal. unfold Y, muhat. rewrite (rsum_ext (fun i => E (fun w0 => - X i w0)) (fun _ => - mu))
          by (intros i Hi; apply (HEY i Hi)).
        rewrite rsum_opp, rsum_const. field. lra. }
      rewrite (E_ext E _ _ Ev) in H. eapply Rle_trans; [exact H |].
      right. unfold Rpower. f_equal.
      replace (eps ^ 2) with (alpha * ln t / (2 * INR T)).
      + field. lra.
      + unfold eps. rewrite <- Rsqr_pow2, Rsqr_sqrt; [reflexivity |].
        apply Rdiv_le_0_compat; [apply Rmult_le_pos; lra | lra]. }
  split; [exact Tail |].
  assert (C : forall w, ind_lt mu (muhat w + eps) = 1 + -1 * ind_le eps (mu - muhat w)).
  { intro w. unfold ind_lt, ind_le.
    destruct (Rlt_dec mu (muhat w + eps)); destruct (Rle_dec eps (mu - muhat w)); lra. }
  fold eps. change (fun w => ind_lt mu (rsum (fun i => X i w) T / INR T + eps))
    with (fun w => ind_lt mu (muhat w + eps)).
  rewrite (E_ext E _ _ C).
  destruct HE as [Hm [Hlin H1]].
  pose proof (Hlin (fun _ => 1) (fun w => ind_le eps (mu - muhat w)) (-1)) as HL. cbv beta in HL.
  rewrite HL, H1. lra.
Qed.

Lemma rsum_nonneg (f : nat -> R) (n : nat) : (forall j, 0 <= f j) -> 0 <= rsum f n.
Proof. intro H. induction n as [| k IH]; cbn [rsum]; [lra | pose proof (H k); lra]. Qed.

Lemma rsum_le (f g : nat -> R) (n : nat) : (forall i, (i < n)%nat -> f i <= g i) -> rsum f n <= rsum g n.
Proof.
  induction n as [| k IH]; intro H; cbn [rsum]; [lra |].
  pose proof (IH (fun i Hi => H i ltac:(lia))). pose proof (H k ltac:(lia)). lra.
Qed.

Lemma term_le_rsum (f : nat -> R) (k t : nat) :
  (forall j, 0 <= f j) -> (1 <= k <= t)%nat -> f k <= rsum (fun j => f (S j)) t.
Proof.
  intros Hf Hk. induction t as [| t IH]; [lia |]. cbn [rsum].
  destruct (Nat.eq_dec k (S t)) as [Ek | Nk].
  - subst k. pose proof (rsum_nonneg (fun j => f (S j)) t (fun j => Hf (S j))). lra.
  - pose proof (IH ltac:(lia)). pose proof (Hf (S t)). lra.
Qed.

Lemma ind_le_nonneg (x y : R) : 0 <= ind_le x y.
Proof. unfold ind_le. destruct (Rle_dec x y); lra. Qed.

(* UCB1-CI/union-over-counts (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出, the repair of
   "P(A_t^c) \leqq t^{-\alpha}" at the random count T_{a,t}): for any data-dependent count
   N(ω) ∈ {1, …, t} and rewards X_0, X_1, … ∈ [0, 1] with mean μ, independent in every prefix
   (the moment generating function factorises over X_0..X_{s−1} for each s <= t),
   P(μ − μ̂_N >= sqrt(α log t/(2N))) <= t^{1−α}, μ̂_s = (1/s) Σ_{i<s} X_i: a union bound over
   s = 1..t of the fixed-count bound (ucb1_ci_fixed_count). *)
(*! claim UCB1-CI/union-over-counts *)
Theorem ucb1_ci_union_over_counts {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (X : nat -> Omega -> R) (mu alpha : R)
    (t : nat) (N : Omega -> nat) :
  (forall i w, 0 <= X i w <= 1) -> (forall i, E (X i) = mu) ->
  (forall s sv, (s <= t)%nat ->
     E (fun w => rprod (fun i => exp (sv * (X i w - E (X i)))) s) =
     rprod (fun i => E (fun w => exp (sv * (X i w - E (X i))))) s) ->
  (1 <= t)%nat -> (forall w, (1 <= N w <= t)%nat) -> 0 < alpha ->
  E (fun w => ind_le (sqrt (alpha * ln (INR t) / (2 * INR (N w))))
                     (mu - rsum (fun i => X i w) (N w) / INR (N w)))
    <= Rpower (INR t) (1 - alpha).
Proof.
  intros Hx Hmu Hind Ht HN Ha.
  assert (HtR : 1 <= INR t) by (replace 1 with (INR 1) by reflexivity; apply le_INR; exact Ht).
  set (ev := fun s w => ind_le (sqrt (alpha * ln (INR t) / (2 * INR s)))
                               (mu - rsum (fun i => X i w) s / INR s)).
  change (E (fun w => ev (N w) w) <= Rpower (INR t) (1 - alpha)).
  eapply Rle_trans.
  { apply (E_mono HE _ (fun w => rsum (fun j => ev (S j) w) t)). intro w.
    apply (term_le_rsum (fun s => ev s w)); [intro j; apply ind_le_nonneg | apply HN]. }
  rewrite (E_sum HE (fun j w => ev (S j) w)).
  eapply Rle_trans.
  { apply (rsum_le _ (fun _ => Rpower (INR t) (- alpha))). intros j Hj.
    destruct (ucb1_ci_fixed_count HE X mu alpha (INR t) (S j)) as [Tail _].
    - intros i w _. apply Hx.
    - intros i _. apply Hmu.
    - intro sv. apply Hind. lia.
    - lia.
    - exact Ha.
    - exact HtR.
    - exact Tail. }
  rewrite rsum_const. right.
  replace (1 - alpha) with (1 + - alpha) by ring. rewrite Rpower_plus, Rpower_1 by lra. reflexivity.
Qed.

Definition b2r (b : bool) : R := if b then 1 else 0.

(* UCB1-DECOMP/corrected (002_3ec5ec57f55c1fdf.txt, リグレット上界の導出, the decomposition printed
   as "\Delta_a ( E[I\{A_t \cap B_t\}] + E[I\{A_t^c \cup B_t^c\}] )", ERR-UCB1-DECOMP): for any
   pull events {a(t) = a} and any events G_t (= A_t ∩ B_t), rounds t = 0..n−1,
   E[T_a] = Σ_t P(a(t) = a, G_t) + Σ_t P(a(t) = a, G_t^c), T_a = Σ_t I{a(t) = a}. *)
(*! claim UCB1-DECOMP/corrected *)
Theorem ucb1_decomp_corrected {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (pull good : nat -> Omega -> bool) (n : nat) :
  E (fun w => rsum (fun t => b2r (pull t w)) n) =
  rsum (fun t => E (fun w => b2r (pull t w && good t w))) n +
  rsum (fun t => E (fun w => b2r (pull t w && negb (good t w)))) n.
Proof.
  rewrite (E_sum HE (fun t w => b2r (pull t w))).
  induction n as [| k IH]; cbn [rsum]; [ring |]. rewrite IH.
  destruct HE as [Hm [Hlin H1]].
  pose proof (Hlin (fun w => b2r (pull k w && good k w)) (fun w => b2r (pull k w && negb (good k w))) 1) as H.
  cbv beta in H.
  rewrite (E_ext E (fun w => b2r (pull k w && good k w) + 1 * b2r (pull k w && negb (good k w)))
                 (fun w => b2r (pull k w))) in H.
  - replace (E (fun w => b2r (pull k w))) with (E (fun w => b2r (pull k w))) by reflexivity.
    rewrite H. ring.
  - intro w. unfold b2r. destruct (pull k w), (good k w); simpl; ring.
Qed.

(* f convex on an interval I (I a predicate closed under betweenness: [lo, hi], (0, ∞), R, ...) *)
Definition interval (I : R -> Prop) : Prop := forall x y z, I x -> I y -> x <= z <= y -> I z.

Definition convex_on (I : R -> Prop) (f : R -> R) : Prop :=
  forall x y t, I x -> I y -> 0 <= t <= 1 -> f (t * x + (1 - t) * y) <= t * f x + (1 - t) * f y.

(* three chords: for y < m < z in I, the left slope at m is at most the right slope *)
Lemma three_chords (I : R -> Prop) (f : R -> R) (y m z : R) : convex_on I f -> I y -> I z -> y < m < z ->
  (f m - f y) / (m - y) <= (f z - f m) / (z - m).
Proof.
  intros Hf Iy Iz H. set (t := (z - m) / (z - y)).
  assert (Ht : 0 <= t <= 1).
  { unfold t. split; [apply Rdiv_le_0_compat; lra |].
    apply (Rmult_le_reg_r (z - y)); [lra |]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra. lra. }
  pose proof (Hf y z t Iy Iz Ht) as C.
  replace (t * y + (1 - t) * z) with m in C by (unfold t; field; lra).
  unfold t in C.
  apply (Rmult_le_reg_r ((m - y) * (z - m))); [apply Rmult_lt_0_compat; lra |].
  replace ((f m - f y) / (m - y) * ((m - y) * (z - m))) with ((f m - f y) * (z - m)) by (field; lra).
  replace ((f z - f m) / (z - m) * ((m - y) * (z - m))) with ((f z - f m) * (m - y)) by (field; lra).
  apply (Rmult_le_compat_r (z - y)) in C; [| lra].
  replace (((z - m) / (z - y) * f y + (1 - (z - m) / (z - y)) * f z) * (z - y))
    with ((z - m) * f y + (m - y) * f z) in C by (field; lra).
  nra.
Qed.

(* a convex function on I has a supporting line at every interior point m of I *)
Lemma supporting_line (I : R -> Prop) (f : R -> R) (m y0 z0 : R) :
  interval I -> convex_on I f -> I y0 -> I z0 -> y0 < m < z0 ->
  exists g, forall x, I x -> f m + g * (x - m) <= f x.
Proof.
  intros HI Hf Iy0 Iz0 Hm.
  assert (Im : I m) by (apply (HI y0 z0); [exact Iy0 | exact Iz0 | lra]).
  set (S := fun q => exists y, I y /\ y < m /\ q = (f m - f y) / (m - y)).
  assert (Hb : bound S).
  { exists ((f z0 - f m) / (z0 - m)). intros q [y [Iy [Hy Eq]]]. subst q.
    apply (three_chords I); [exact Hf | exact Iy | exact Iz0 | lra]. }
  assert (Hne : exists q, S q) by (exists ((f m - f y0) / (m - y0)); exists y0; repeat split; [exact Iy0 | lra]).
  destruct (completeness S Hb Hne) as [g [Hub Hlub]].
  exists g. intros x Ix. destruct (Rtotal_order x m) as [Lt | [Eq | Gt]].
  - assert (Q : (f m - f x) / (m - x) <= g) by (apply Hub; exists x; repeat split; [exact Ix | lra]).
    apply (Rmult_le_compat_r (m - x)) in Q; [| lra].
    replace ((f m - f x) / (m - x) * (m - x)) with (f m - f x) in Q by (field; lra). nra.
  - subst. lra.
  - assert (Q : g <= (f x - f m) / (x - m)).
    { apply Hlub. intros q [y [Iy [Hy Eq]]]. subst q. apply (three_chords I); [exact Hf | exact Iy | exact Ix | lra]. }
    apply (Rmult_le_compat_r (x - m)) in Q; [| lra].
    replace ((f x - f m) / (x - m) * (x - m)) with (f x - f m) in Q by (field; lra). nra.
Qed.

(* CONC-JENSEN and CONC-JENSEN/proof (002_3ec5ec57f55c1fdf.txt, 有用な確率不等式のまとめ > Jensen's
   inequality: "f(x) を X の値域を含む区間において凸な関数とする ... f(E[X]) \leqq E[f(X)]"):
   f convex on an interval I containing the values of X ⇒ f(E X) <= E f(X), by the supporting
   line at E X and linearity.  E X is either interior to I (some y < E X < z in I) or, if it is
   an end point of I, X is constant (for a probability, X ∈ I and E X at an end point force
   X = E X almost surely; an abstract monotone E does not see "almost surely", so this case
   is stated as X = E X everywhere). *)
(*! claim CONC-JENSEN CONC-JENSEN/proof *)
Theorem jensen {Omega : Type} {E : (Omega -> R) -> R} (HE : is_expectation E) (I : R -> Prop)
    (f : R -> R) (X : Omega -> R) :
  interval I -> convex_on I f -> (forall w, I (X w)) ->
  ((exists y z, I y /\ I z /\ y < E X < z) \/ (forall w, X w = E X)) ->
  f (E X) <= E (fun w => f (X w)).
Proof.
  intros HI Hf HX [[y [z [Iy [Iz Hm]]]] | Const].
  - destruct (supporting_line I f (E X) y z HI Hf Iy Iz Hm) as [g Hg].
    eapply Rle_trans; [| apply (E_mono HE (fun w => g * X w + (f (E X) - g * E X)))].
    + rewrite (E_affine HE). right. ring.
    + intro w. pose proof (Hg (X w) (HX w)). lra.
  - rewrite (E_ext E (fun w => f (X w)) (fun _ => f (E X))) by (intro w; rewrite Const; reflexivity).
    rewrite (E_const HE). lra.
Qed.

(* ------------------------------------------------------------ the hypotheses are satisfiable *)

(* a fair coin: Ω = bool, E f = (f true + f false)/2 *)
Definition E2 (f : bool -> R) : R := (f true + f false) / 2.

Lemma E2_is_expectation : is_expectation E2.
Proof.
  unfold is_expectation, E2. split; [| split].
  - intros f g H. pose proof (H true). pose proof (H false). lra.
  - intros f g c. field.
  - field.
Qed.

(* ------------------------------------------------------------ refutations of printed lines *)

(* CONC-HOEFFDING-AS-PRINTED (expected false; ERR-HOEFFDING-SQUARE): the statement as the
   source prints it, "\exp ( - \frac{2 n^2 \epsilon^2}{ \sum_{i=1}^n (b_i - a_i) } )", with
   the hypotheses of [hoeffding] ... *)
Definition hoeffding_as_printed : Prop :=
  forall (Omega : Type) (E : (Omega -> R) -> R) (X : nat -> Omega -> R) (a b : nat -> R) (n : nat) (eps : R),
    is_expectation E ->
    (forall i w, (i < n)%nat -> a i <= X i w <= b i) ->
    (forall s, E (fun w => rprod (fun i => exp (s * (X i w - E (X i)))) n) =
               rprod (fun i => E (fun w => exp (s * (X i w - E (X i))))) n) ->
    (0 < n)%nat -> 0 < eps -> 0 < rsum (fun i => b i - a i) n ->
    E (fun w => ind_le eps (rsum (fun i => X i w) n / INR n - rsum (fun i => E (X i)) n / INR n))
    <= exp (- 2 * INR n ^ 2 * eps ^ 2 / rsum (fun i => b i - a i) n).

Definition coin2 (i : nat) (w : bool) : R := if w then 2 else 0.

(* ... is false: one fair X ∈ {0, 2} (n = 1, [a, b] = [0, 2]), ε = 1 gives
   P(X − 1 >= 1) = 1/2 > e^{−1} (the true bound, with the square, is e^{−1/2}).  A smaller
   instance than the catalogue's (X_i = 2·Bernoulli(1/2), n = 100, ε = 1/5).  This refutes
   CONC-HOEFFDING-AS-PRINTED; it is not tagged as a proof of that claim. *)
Theorem hoeffding_as_printed_false : ~ hoeffding_as_printed.
Proof.
  intro H.
  specialize (H bool E2 coin2 (fun _ => 0) (fun _ => 2) 1%nat 1 E2_is_expectation).
  assert (EX : E2 (coin2 0%nat) = 1) by (unfold E2, coin2; field).
  assert (Hb : forall i w, (i < 1)%nat -> 0 <= coin2 i w <= 2) by (intros i w _; destruct w; simpl; lra).
  assert (Hi : forall s, E2 (fun w => rprod (fun i => exp (s * (coin2 i w - E2 (coin2 i)))) 1) =
                         rprod (fun i => E2 (fun w => exp (s * (coin2 i w - E2 (coin2 i))))) 1).
  { intro s. cbn [rprod]. unfold E2 at 1 3. field. }
  specialize (H Hb Hi ltac:(lia) ltac:(lra) ltac:(cbn [rsum]; lra)).
  cbn [rsum] in H. rewrite EX in H. replace (INR 1) with 1 in H by reflexivity.
  replace (-2 * 1 ^ 2 * 1 ^ 2 / (0 + (2 - 0))) with (Ropp 1) in H by field.
  assert (L : E2 (fun w => ind_le 1 ((0 + coin2 0 w) / 1 - (0 + 1) / 1)) = 1 / 2).
  { unfold E2, coin2, ind_le.
    destruct (Rle_dec 1 ((0 + 2) / 1 - (0 + 1) / 1)) as [Y | N]; [| exfalso; apply N; lra].
    destruct (Rle_dec 1 ((0 + 0) / 1 - (0 + 1) / 1)) as [Y' | N']; [exfalso; lra |]. field. }
  rewrite L in H.
  assert (Ee : 2 < exp 1) by (pose proof (exp_ineq1 1 ltac:(lra)); lra).
  rewrite exp_Ropp in H. assert (/ exp 1 < / 2) by (apply Rinv_lt_contravar; lra). lra.
Qed.

(* CONC-HLEMMA/taylor-as-printed (expected false; ERR-HLEMMA-TAYLOR): the source's line
   "\phi(u) = \phi(0) + u \phi'(0) + \frac{u^2}{2} \phi'' (0)" (remainder at 0) ... *)
Definition taylor_as_printed : Prop :=
  forall p u, 0 <= p <= 1 -> phi p u = phi p 0 + u * dphi p 0 + u ^ 2 / 2 * d2phi p 0.

(* ... is false at p = 1/2, u = 2: φ(2) = log cosh 1 < 1/2 = the printed right side.
   Refutes CONC-HLEMMA/taylor-as-printed; not tagged as a proof of it. *)
Theorem taylor_as_printed_false : ~ taylor_as_printed.
Proof.
  intro H. specialize (H (1 / 2) 2 ltac:(lra)).
  rewrite phi_0, dphi_0 in H by lra.
  assert (D : d2phi (1 / 2) 0 = 1 / 4) by (unfold d2phi, rho; rewrite exp_0; field).
  rewrite D, phi_alt in H by lra.
  set (x := exp (1 / 2)) in *.
  assert (Hx1 : 3 / 2 < x) by (unfold x; pose proof (exp_ineq1 (1 / 2) ltac:(lra)); lra).
  assert (Hx2 : x ^ 2 = exp 1).
  { unfold x. simpl. rewrite Rmult_1_r, <- exp_plus. f_equal. field. }
  assert (Hx3 : x ^ 2 <= 3) by (rewrite Hx2; apply exp_le_3).
  assert (He2 : exp 2 = x ^ 4).
  { replace 2 with (1 + 1) by ring. rewrite exp_plus, <- Hx2. ring. }
  (* x⁴ − 2x³ + 1 = (x − 1)(x³ − x² − x − 1) < 0 for 3/2 < x, x² <= 3 *)
  assert (Cub : x ^ 3 - x ^ 2 - x - 1 < 0).
  { assert (A : x * (x ^ 2 - x - 1) <= x * (2 - x)) by (apply Rmult_le_compat_l; lra).
    assert (B : x * (2 - x) - 1 = - (x - 1) ^ 2) by ring.
    assert (0 < (x - 1) ^ 2) by (apply pow_lt; lra).
    replace (x ^ 3 - x ^ 2 - x - 1) with (x * (x ^ 2 - x - 1) - 1) by ring. lra. }
  assert (Q : 1 + x ^ 4 < 2 * x ^ 3).
  { assert (0 < (x - 1) * - (x ^ 3 - x ^ 2 - x - 1)) by (apply Rmult_lt_0_compat; lra).
    replace (1 + x ^ 4) with (2 * x ^ 3 + (x - 1) * (x ^ 3 - x ^ 2 - x - 1)) by ring. lra. }
  (* φ(2) = −1 + ln(1/2 + e²/2) < 1/2 ⇔ (1 + e²)/2 < e^{3/2} = x³ *)
  assert (Lt : ln (1 - 1 / 2 + 1 / 2 * exp 2) < 3 / 2).
  { assert (Ex3 : exp (3 / 2) = x ^ 3).
    { unfold x. simpl. rewrite Rmult_1_r, <- !exp_plus. f_equal. field. }
    rewrite <- (ln_exp (3 / 2)). apply ln_increasing.
    - pose proof (exp_pos 2). lra.
    - rewrite Ex3, He2. lra. }
  lra.
Qed.
